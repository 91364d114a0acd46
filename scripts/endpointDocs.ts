/**
 * docs/endpoints.md, written from the contract (engine/api/allEndpoints.ts): every endpoint the client and the
 * reference server share, with its path, method, auth, params, `data` and the app files that call it; then the
 * endpoints the spec names (§7) that no workflow has built yet, with the issue that builds them. `npm run docs:endpoints`
 * writes the file; scripts/endpointDocs.test.ts fails when it is stale or when a spec-named endpoint is neither built
 * nor planned.
 */
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type * as cs from '../engine/schema';
import { allEndpoints } from '../engine/api/allEndpoints';
import type { EndpointDef } from '../engine/api/endpoint';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const DOC_PATH = path.join(ROOT, 'docs/endpoints.md');

/**
 * Every endpoint spec §7 names, as `/edc/<group>/<name>.do` or `/login/…`. `built` ones must be in the contract at that
 * path; the others say which issue builds them.
 */
export const SPEC_ENDPOINTS: readonly { path: string; planned?: string }[] = [
  // startup and session
  { path: '/edc/edcserver/login.do' },
  { path: '/edc/pic/findPicParam.do' },
  { path: '/login/info/logininfo.do' },
  { path: '/edc/logInfo/help.do' },
  { path: '/login/heartBeat.do' },
  { path: '/edc/edcserver/expirationTime.do' },
  { path: '/edc/api/writeWebLog.do' },
  { path: '/login/roleTran/add.do' },
  { path: '/login/thirdparty/gettokenrtsm.do', planned: 'RTSM hand-off (no issue yet)' },
  { path: '/edc/edcserver/online.do' },
  { path: '/edc/edcserver/sitelist.do' },
  { path: '/edc/edcserver/changeSiteRole.do' },
  { path: '/edc/app/appversion.do' },
  { path: '/edc/tableau/createcode.do', planned: 'reports (no issue yet)' },
  { path: '/edc/menu/menuList.do' },
  // signatures and item status
  { path: '/edc/varstatus/showSignature.do' },
  { path: '/edc/varstatus/validationSignUser.do' },
  { path: '/edc/varstatus/saveVarStatusList.do' },
  // subjects (issue 12: the casebook's first slice)
  ...[
    'sitecodeList',
    'getcrfver',
    'getProtover',
    'changewkflow',
    'savesubject',
    'updateinfo',
    'updatesubject',
  ]
    .concat(['subjectbase', 'checkSubject'])
    .map((name) => ({ path: `/edc/subject/${name}.do` })),
  { path: '/edc/subject/subjectinfo.do' },
  { path: '/edc/subject/subjectlist.do' },
  { path: '/edc/subject/subjectSdvSign.do' },
  { path: '/edc/medCoding/getCodingInfo.do' },
  // data
  { path: '/edc/data/dataInputasst.do' },
  { path: '/edc/data/datalist.do' },
  { path: '/edc/data/datainfo.do' },
  { path: '/edc/data/savedata.do' },
  { path: '/edc/data/updatedata.do' },
  ...['disUnCollected', 'disUnHappen', 'invalidationreason', 'checkDataCaseBook', 'checkActiveByCaseBook']
    .concat(['activedata'])
    .map((name) => ({ path: `/edc/data/${name}.do` })),
  { path: '/edc/data/changewkflow.do', planned: 'issue 12 (casebook)' },
  // visits
  { path: '/edc/visit/visitlist.do' },
  { path: '/edc/visit/tablelist.do' },
  { path: '/edc/visit/myTaskInfo.do' },
  ...['hidevisitlist', 'hidetablelist', 'savevisit', 'updateVisitTable', 'deletevisit']
    .concat(['addNextVisit', 'delCurrentVisit'])
    .map((name) => ({ path: `/edc/visit/${name}.do` })),
  // generic search
  { path: '/edc/dataevent/unCHSearch.do' },
  { path: '/edc/dataevent/selectSearchFields.do' },
  { path: '/edc/dataevent/eventtype.do' },
  // notes, edit checks, queries
  ...['piNoteList', 'savePINote'].map((name) => ({ path: `/edc/pinote/${name}.do` })),
  { path: '/edc/editcheck/check.do' },
  { path: '/edc/editcheck/checkupdate.do' },
  ...['queryDictList', 'queryListHistory', 'saveQuery', 'replyQuery', 'closeQuery', 'closeAndSaveQuery']
    .concat(['selectNoCHQueryStatus', 'queryModelList', 'queryHistoryRoleList'])
    .map((name) => ({ path: `/edc/query/${name}.do` })),
  ...['saveQueryDetail', 'findDefaultQueryPd'].map((name) => ({ path: `/edc/querydetail/${name}.do` })),
];

type AnyEndpoint = EndpointDef<cs.AnyObject, unknown>;

function fieldsOf(schema: unknown): string {
  const described = (schema as cs.Schema).describe() as cs.SchemaDescription & {
    fields?: Record<string, cs.SchemaDescription>;
    innerType?: cs.SchemaDescription & { fields?: Record<string, unknown> };
  };
  const fields = described.fields ?? described.innerType?.fields;
  if (fields && Object.keys(fields).length > 0) {
    const names = Object.keys(fields).map((k) => `\`${k}\``);
    return described.type === 'array' ? `list of { ${names.join(', ')} }` : names.join(', ');
  }
  if (described.type === 'array') return 'list';
  return described.type === 'mixed' || described.type === 'object' ? '—' : described.type;
}

/** The client files (src/, renderers/, engine/ outside the contract) that import an endpoint by name. */
function callersByName(): Map<string, string[]> {
  const files = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'renderers', 'engine'],
    { cwd: ROOT, encoding: 'utf8' },
  )
    .split('\n')
    .filter(
      (f) =>
        /\.tsx?$/.test(f) &&
        !/\.(test|stories)\.tsx?$/.test(f) &&
        !f.includes('/testing/') &&
        !f.startsWith('engine/api/') &&
        !f.endsWith('testkit.ts'),
    );
  const out = new Map<string, string[]>();
  const importRe = /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'[./]*(?:engine\/)?api\/\w+'/g;
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(path.join(ROOT, file), 'utf8');
    } catch {
      continue;
    }
    for (const match of text.matchAll(importRe)) {
      for (const raw of match[1]!.split(',')) {
        const name = raw
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim();
        if (!name) continue;
        const list = out.get(name) ?? [];
        if (!list.includes(file)) list.push(file);
        out.set(name, list);
      }
    }
  }
  return out;
}

export function renderEndpointDocs(): string {
  const defs = Object.entries(allEndpoints) as [string, AnyEndpoint][];
  const callers = callersByName();
  const lines: string[] = [
    '# Endpoints',
    '',
    'Written by `npm run docs:endpoints` from the contract (`engine/api/<domain>.ts`); a test fails when this page is',
    'stale. Every path is the one spec §7 names; names the spec does not give follow its pattern',
    '(`/edc/<group>/<name>.do`, under the group they belong to). Paths containing `/login/` (and `config.json`) are',
    "requested on the integration address `backAddress`; the others on the page's origin. Every response is",
    '`{ success, msg, data, code? }`; the `data` column lists the fields the client reads (a real server may send more).',
    'A file endpoint answers a success with the file itself (Content-Type, Content-Disposition, Content-Length; its',
    '`data` is what those headers give) and a refusal with an envelope (docs/interchange-download.md).',
    '',
    '| path | method | auth | role chosen | params | `data` | used by |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const [name, def] of defs.sort((a, b) => a[1].path.localeCompare(b[1].path))) {
    const used = (callers.get(name) ?? []).map((f) => `\`${f}\``).join('<br>') || '—';
    const upload = def.upload
      ? `multipart: file \`${def.upload.field}\` (${def.upload.kind}, at most ${Math.round(def.upload.maxBytes / 1048576)}M, checked by content)`
      : '';
    const params =
      [fieldsOf(def.params), upload].filter((t) => t && t !== '—').join(' + ') +
      (def.openParams ? ' + search params' : '');
    lines.push(
      `| \`${def.path}\` | ${def.method} | ${def.auth} | ${def.needsRole ? 'yes' : 'no'} | ${params || '—'} | ${def.file ? 'file: ' : ''}${fieldsOf(def.data)} | ${used} |`,
    );
  }
  const built = new Set(defs.map(([, def]) => def.path));
  const planned = SPEC_ENDPOINTS.filter((e) => !built.has(e.path));
  lines.push(
    '',
    '## Named by the spec, not built yet',
    '',
    `${planned.length} of the ${SPEC_ENDPOINTS.length} endpoints spec §7 names belong to workflows of later issues; each`,
    'will be declared in the contract module of its group and served at exactly this path.',
    '',
    '| path | built by |',
    '| --- | --- |',
    ...planned.map((e) => `| \`${e.path}\` | ${e.planned ?? '?'} |`),
    '',
  );
  return lines.join('\n');
}
