/**
 * Requests for every endpoint of the contract (engine/api/allEndpoints.ts), generated from its parameter schema
 * plus hostile values (issue 15): huge, negative and fractional numbers, NaN texts, NUL, unpaired surrogates, 1 MB
 * texts, lists for scalars, objects, prototype names, deep nesting, missing and extra fields. Sent as every seeded
 * role (and anonymously, and before a role is chosen). Used by server/core/fuzz.test.ts (a few hundred cases) and
 * bench/fuzz.ts (10,000, with counts per status).
 *
 * The property: no answer is a 5xx, no answer carries internal error text, and a refused request (4xx) leaves the
 * database as it was (every table's rows, dbSnapshot.ts).
 */
import fc from 'fast-check';
import type { AnyObject, ObjectSchema } from '../../engine/schema';
import { allEndpoints, type EndpointName } from '../../engine/api/allEndpoints';
import { serverPath, type EndpointDef } from '../../engine/api/endpoint';
import { DEMO_SUBJECTS } from '../seed/forms';
import { snapshotChanges, snapshotDb, type DbSnapshot } from './dbSnapshot';
import { TEST_HOST, type Harness } from './harness';

export const STUDY_ID = 'study-demo-001';

/** The seeded roles, each as one of its users at BJ01; `anonymous` sends no token, `noRole` has not chosen one. */
export const FUZZ_ACTORS = [
  { actor: 'PI', username: 'pi.wang', rolecode: 'PI' },
  { actor: 'CRC', username: 'crc.li', rolecode: 'CRC' },
  { actor: 'CRA', username: 'cra.zhao', rolecode: 'CRA' },
  { actor: 'DM', username: 'dm.chen', rolecode: 'DM' },
  { actor: 'SPONSOR', username: 'sponsor.liu', rolecode: 'SPONSOR' },
  { actor: 'CODER', username: 'coder.zhou', rolecode: 'CODER' },
  { actor: 'SUPPORT', username: 'support.admin', rolecode: 'SUPPORT' },
  { actor: 'noRole', username: 'crc.smith', rolecode: null },
  { actor: 'anonymous', username: null, rolecode: null },
] as const;
export type FuzzActor = (typeof FUZZ_ACTORS)[number]['actor'];

/** Valid parameters of every endpoint for a CRC at BJ01 (other roles get the same: their refusals are the point). */
export function baseParams(recordid: string): Record<EndpointName, Record<string, unknown>> {
  const subjectid = DEMO_SUBJECTS.entry;
  const visit = { subjectid, visitnum: 'V1', cycnum: 1, svnum: 1 };
  const form = { ...visit, tid: 'VS' };
  const values = { VSDAT: '2026-03-01', VSPOS: 'SITTING', SYSBP: '12a', DIABP: '80' };
  const batch = {
    type: 'uncollected',
    crfver: 'CRF-1.1',
    visitnum: 'V3',
    tid: 'LB',
    date: '2026-12-31',
    reasoncode: 'NOT_DONE',
    subjectids: [],
  };
  return {
    // an unknown user: a valid login would replace the fuzzing sessions, a wrong password would lock an account
    loginFront: { username: 'fuzz.nobody', password: 'Wrong#pass1' },
    loginInfo: {},
    heartBeat: {},
    roleTranAdd: { fromRoleid: null, toRoleid: 'role-crc', siteid: 'site-bj01' },
    login: {},
    logout: {},
    expirationTime: { studyid: STUDY_ID, userid: 'user-crc.li' },
    siteList: {},
    changeSiteRole: { roleid: 'role-crc', siteid: 'site-bj01' },
    online: {},
    findPicParam: {},
    help: {},
    writeWebLog: { msg: 'fuzz', level: 'info', kind: 'error' },
    appVersion: {},
    menuList: {},
    validationSignUser: { username: 'crc.li', password: 'Wrong#pass1', meaning: 'fuzz' },
    codeList: { codelisttype: 'SEX' },
    searchFieldShown: { listKey: 'subjects', shown: ['subjects.enrolldate'] },
    selectSearchFields: { listKey: 'subjects' },
    selectColumns: { listKey: 'subjects' },
    subjectList: { page: 1, size: 20, subjid: 'BJ01', enrolldateStart: '2025-01-01' },
    subjectInfo: { subjectid },
    visitList: { subjectid },
    tableList: visit,
    dataList: form,
    dataInfo: form,
    saveData: { ...form, version: 1, values, idempotencyKey: 'fuzz-0000000000000001' },
    updateData: {
      recordid,
      rowversion: 1,
      version: 1,
      values: { VSDAT: '2026-03-01' },
      reasons: {},
      idempotencyKey: 'fuzz-0000000000000002',
    },
    auditTrail: { recordid },
    editReasons: {},
    dataInputAsst: { tid: 'AE', variable: 'AETERM', q: 'He' },
    editCheck: { ...form, version: 1, values },
    editCheckUpdate: { recordid, version: 1, values },
    // the casebook's subject endpoints (a stale `updatedat` makes the changes conflicts: the fuzzer changes nothing)
    sitecodeList: {},
    getProtover: {},
    getCrfVer: {},
    checkSubject: { siteid: 'site-bj01', subjid: 'BJ01-9999' },
    saveSubject: {
      siteid: 'site-bj01',
      subjid: 'BJ01-9999',
      protover: 'PROT-2.0',
      crfver: 'CRF-1.1',
      sex: 'F',
    },
    subjectBase: { subjectid },
    updateInfo: {
      subjectid,
      updatedat: '2020-01-01T00:00:00.000Z',
      initials: 'ZS',
      sex: 'M',
      birthdate: '1980-01-01',
      age: 46,
      reason: 'fuzz',
    },
    updateSubject: {
      subjectid,
      updatedat: '2020-01-01T00:00:00.000Z',
      subjid: 'BJ01-9998',
      protover: 'PROT-2.0',
      crfver: 'CRF-1.1',
      reason: 'fuzz',
    },
    changeWorkflow: { subjectid, updatedat: '2020-01-01T00:00:00.000Z', status: '2', reason: 'fuzz' },
    // notes and SDV (issue 14): a note on an item of the fuzzed record; a stale rowversion makes the SDV a refusal
    piNoteList: { recordid },
    savePINote: { recordid, action: 'add', variable: 'SEX', text: 'fuzz' },
    saveVarStatusList: { list: [{ recordid, variable: 'SEX', rowversion: 99999 }] },
    subjectSdvSign: { subjectid: 'subj-bj01-9999', scope: 'plan' },
    sdvWorklist: { page: 1, size: 20 },
    // PI signature (issue 14): no such subject, so the password is never tried (no failure counted, no lockout)
    showSignature: { recordid },
    saveSignature: { list: [{ subjectid: 'subj-fuzz-none' }], password: 'Wrong#pass1' },
    // freeze (issue 14): an application without a reason is refused; request 1 may not exist
    applyFreeze: { action: 'freeze', approvalRole: 'DM', reason: '', list: [{ level: 'page', ...form }] },
    approveFreeze: { decision: 'approve', reason: 'fuzz', requestids: ['1'] },
    withdrawFreeze: { reason: 'fuzz', requestids: ['1'] },
    freezeStatus: form,
    freezeList: { page: 1, size: 20 },
    // queries (issue 13): a stale `updatedat` makes the answers conflicts; query 1 may not exist
    queryDictList: {},
    queryListHistory: { recordid },
    saveQuery: { recordid, kind: 'item', variable: 'SYSBP', issuetype: null, note: 'fuzz' },
    replyQuery: { queryid: '1', action: 'reply', note: 'fuzz', updatedat: '2020-01-01T00:00:00.000Z' },
    closeQuery: { queryids: ['1'], reason: 'RESOLVED', note: null },
    forwardQueries: { queryids: ['1'], torole: 'DM', note: 'fuzz' },
    closeAndSaveQuery: {
      queryid: '1',
      reason: 'RESOLVED',
      issuetype: null,
      note: 'fuzz',
      updatedat: '2020-01-01T00:00:00.000Z',
    },
    selectNoCHQueryStatus: { subjectid },
    queryModelList: { page: 1, size: 20 },
    invalidTableList: { page: 1, size: 20 },
    queryExport: { page: 1, size: 20 },
    queryHistoryRoleList: { queryid: '1' },
    saveQueryDetail: { queryid: '1', pdtype: null, pdsubtype: null },
    findDefaultQueryPd: { queryid: '1' },
    // query import (a JSON body has no file: the assessment is a parameter error; batch 999999 does not exist)
    queryImportTemplate: {},
    queryImportAssess: {},
    queryImportReport: { batchid: '999999' },
    queryImportSend: { batchid: '999999' },
    queryImportList: { page: 1, size: 20 },
    queryImportRows: { batchid: '999999' },
    interchangeAssess: {},
    interchangeImports: { page: 1, size: 20 },
    interchangeImport: { importid: '999999' },
    interchangePublish: { importid: '999999' },
    interchangeDiscard: { importid: '999999' },
    interchangeExport: { kind: 'csv', tid: null },
    interchangeJobs: {},
    interchangeJob: { jobid: '999999' },
    interchangeDownload: { jobid: '999999' },
    interchangeForms: {},
    myTaskInfo: {},
    siteStatistics: {},
    // the casebook's visits and marks (each change names a scheduled visit or an unmarked page: refused as it is)
    hideVisitList: { subjectid },
    saveVisit: { subjectid, visitnum: 'V1', visitdate: null },
    addNextVisit: { subjectid, visitnum: 'V1' },
    deleteVisit: visit,
    delCurrentVisit: { subjectid, visitnum: 'V1' },
    hideTableList: visit,
    updateVisitTable: { ...form, action: 'remove' },
    invalidationReason: {},
    checkDataCaseBook: { ...form, action: 'deactivate' },
    checkActiveByCaseBook: form,
    activeData: { ...visit, tid: 'DM', action: 'activate', reasoncode: 'NOT_DONE', reasontext: '' },
    disUnCollected: { subjectid },
    disUnHappen: { subjectid },
    visitAudit: { subjectid },
    // subject management (a JSON body has no file: the assessment is a parameter error; the others refer to an
    // unknown assessment or subject, or carry a stale `updatedat`: the fuzzer changes nothing, counts no password)
    subjectBatchTemplate: {},
    subjectBatchAssess: {},
    subjectBatchReport: { assessmentid: 'fuzz-assessment' },
    subjectBatchImport: { assessmentid: 'fuzz-assessment' },
    abandonSubject: {
      subjectid: 'subj-fuzz-none',
      updatedat: '2020-01-01T00:00:00.000Z',
      reason: 'fuzz',
      password: 'Wrong#pass1',
    },
    transferSites: {},
    transferList: { page: 1, size: 20 },
    transferSubject: {
      subjectid,
      updatedat: '2020-01-01T00:00:00.000Z',
      tositeid: 'site-sh01',
      reason: 'fuzz',
    },
    // medical coding (issue 14): a verbatim that is not the term's makes the code a refusal; a JSON body has no file
    getCodingInfo: { recordid, variable: 'AETERM' },
    searchDictionary: { dictionary: 'meddra', q: 'head', size: 20 },
    saveCoding: { termid: '1', code: '10019211', verbatim: 'fuzz', reason: 'fuzz' },
    codingList: { page: 1, size: 20 },
    importDictionary: { dictionary: 'meddra', version: 'fuzz' },
    eventType: {},
    batchPreview: batch,
    // a token no preview answered: refused, nothing written
    batchRun: { ...batch, token: 'fuzz' },
    batchJobs: {},
    batchJob: { jobid: '999999' },
  };
}

/** Endpoints after whose call the fuzzer's sessions are opened again (they may end or move them). */
export const SESSION_CHANGING: ReadonlySet<EndpointName> = new Set([
  'loginFront',
  'login',
  'logout',
  'changeSiteRole',
  'roleTranAdd',
  'validationSignUser',
]);

const MB_TEXT = 'x'.repeat(1024 * 1024);
function deep(levels: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}

/** Hostile values for any parameter, whatever its type. */
export const HOSTILE_VALUES: readonly unknown[] = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\uDBFF\uDBFF',
  MB_TEXT,
  '',
  ' ',
  'NaN',
  'Infinity',
  '-0',
  '1e999',
  '99999999999',
  '-99999999999',
  '2147483648',
  '1.5',
  '0x10',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  2147483648,
  -2147483649,
  99999999999,
  Number.MAX_SAFE_INTEGER,
  -1,
  0,
  1.5,
  -0.5,
  1e308,
  true,
  false,
  null,
  [],
  ['a', 'b'],
  [1, [2]],
  ['\u0000'],
  new Array(300).fill('a'),
  {},
  { a: 1 },
  { '\u0000': 'x' },
  JSON.parse('{"__proto__": {"polluted": true}}') as unknown,
  { toString: 'x' },
  { constructor: { prototype: 1 } },
  deep(40),
];

/** A value for one parameter: a hostile one, or random text / number / unicode (lone surrogates included). */
export const paramValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((b) => Number(b)) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.string({ unit: 'binary', maxLength: 8 }), fc.string({ maxLength: 8 }), {
      maxKeys: 4,
    }),
  },
);

/** How a request's parameters are made hostile. */
export type Mutation =
  | { kind: 'set'; field: string; value: unknown }
  | { kind: 'drop'; field: string }
  | { kind: 'extra'; field: string; value: unknown }
  | { kind: 'body'; value: unknown }
  | { kind: 'several'; sets: { field: string; value: unknown }[] };

export interface FuzzCase {
  endpoint: EndpointName;
  actor: FuzzActor;
  mutation: Mutation;
}

/** The names of a schema's fields (the contract's own parameters). */
export function paramNames(def: EndpointDef<AnyObject, unknown>): string[] {
  return Object.keys((def.params as ObjectSchema<AnyObject>).fields);
}

const ENDPOINT_NAMES = Object.keys(allEndpoints) as EndpointName[];

/** Arbitrary fuzz cases over every endpoint and actor. */
export function fuzzCase(): fc.Arbitrary<FuzzCase> {
  return fc
    .record({
      endpoint: fc.constantFrom(...ENDPOINT_NAMES),
      actor: fc.constantFrom(...FUZZ_ACTORS.map((a) => a.actor)),
      pick: fc.nat(),
      value: paramValue,
      more: fc.array(fc.tuple(fc.nat(), paramValue), { minLength: 1, maxLength: 3 }),
      kind: fc.constantFrom('set', 'set', 'set', 'drop', 'extra', 'body', 'several'),
      extraName: fc.oneof(
        fc.constantFrom('extra', '__proto__', 'constructor', 'toString', 'a\u0000b', 'time', 'token'),
        fc.string({ unit: 'binary', maxLength: 10 }),
      ),
    })
    .map(({ endpoint, actor, pick, value, more, kind, extraName }): FuzzCase => {
      const names = paramNames(allEndpoints[endpoint] as EndpointDef<AnyObject, unknown>);
      const field = names.length > 0 ? names[pick % names.length]! : 'extra';
      switch (kind) {
        case 'drop':
          return { endpoint, actor, mutation: { kind: 'drop', field } };
        case 'extra':
          return { endpoint, actor, mutation: { kind: 'extra', field: extraName, value } };
        case 'body':
          return { endpoint, actor, mutation: { kind: 'body', value } };
        case 'several':
          return {
            endpoint,
            actor,
            mutation: {
              kind: 'several',
              sets: more.map(([i, v]) => ({
                field: names.length > 0 ? names[i % names.length]! : 'extra',
                value: v,
              })),
            },
          };
        default:
          return { endpoint, actor, mutation: { kind: 'set', field, value } };
      }
    });
}

/** The parameters (or whole body) a mutation makes of the base parameters. */
export function applyMutation(base: Record<string, unknown>, mutation: Mutation): unknown {
  switch (mutation.kind) {
    case 'set':
      return { ...base, [mutation.field]: mutation.value };
    case 'drop': {
      const { [mutation.field]: _gone, ...rest } = base;
      return rest;
    }
    case 'extra': {
      const out: Record<string, unknown> = { ...base };
      Object.defineProperty(out, mutation.field, { value: mutation.value, enumerable: true, writable: true });
      return out;
    }
    case 'body':
      return mutation.value;
    case 'several': {
      const out: Record<string, unknown> = { ...base };
      for (const s of mutation.sets) out[s.field] = s.value;
      return out;
    }
  }
}

/** Texts a response must never carry: internal error text. */
const INTERNAL_TEXT =
  /is not a function|Cannot read propert|Maximum call stack|TypeError|RangeError|ReferenceError|SyntaxError|at .+\.ts:\d+|invalid byte sequence|violates|relation "|column "|out of range for type/;

export interface FuzzOutcome {
  status: number;
  /** Why the case breaks the property; null when it holds. */
  violation: string | null;
}

/** Tokens of the fuzzing actors; reopened after calls that may end or move a session. */
export class FuzzSessions {
  private tokens = new Map<FuzzActor, string | null>();

  constructor(private readonly h: Harness) {}

  async token(actor: FuzzActor): Promise<string | null> {
    if (!this.tokens.has(actor)) await this.open(actor);
    return this.tokens.get(actor) ?? null;
  }

  async open(actor: FuzzActor): Promise<void> {
    const a = FUZZ_ACTORS.find((x) => x.actor === actor)!;
    if (a.username === null) this.tokens.set(actor, null);
    else if (a.rolecode === null) this.tokens.set(actor, await this.h.login(a.username));
    else this.tokens.set(actor, await this.h.loginAs(a.username, a.rolecode, 'BJ01'));
  }

  /** Every actor's session, before the first case (so that no case's diff holds a login). */
  async openAll(): Promise<void> {
    for (const a of FUZZ_ACTORS) await this.open(a.actor);
  }
}

/** A text percent-encoded byte by byte; a lone surrogate as the bytes UTF-8 would give it (ED A0 80 …), invalid. */
function encodeHostile(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

/** A query string of any values: lists as repeated keys, objects as JSON, lone surrogates as invalid UTF-8. */
export function hostileQuery(params: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      const text = typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item);
      parts.push(`${encodeHostile(key)}=${encodeHostile(text)}`);
    }
  }
  return parts.join('&');
}

/** Sends one request as the harness does, but with any body (not only objects) and no contract check. */
export async function sendRaw(
  h: Harness,
  def: EndpointDef<AnyObject, unknown>,
  params: unknown,
  token: string | null,
) {
  const headers: Record<string, string> = { host: TEST_HOST, locale: 'en' };
  if (token) headers.token = token;
  const url = serverPath(def);
  const inQuery = def.method === 'GET' || def.method === 'DELETE';
  if (inQuery) {
    const query =
      params !== null && typeof params === 'object' && !Array.isArray(params)
        ? hostileQuery(params as Record<string, unknown>)
        : hostileQuery({ q: params });
    return h.app.inject({ method: def.method, url: `${url}?${query}`, headers });
  }
  return h.app.inject({
    method: def.method,
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(params) ?? 'null',
  });
}

/**
 * Runs one case against `before` (the database as the previous case left it); the outcome and the snapshot after
 * it (the next case's `before`).
 */
export async function runCase(
  h: Harness,
  sessions: FuzzSessions,
  base: Record<EndpointName, Record<string, unknown>>,
  c: FuzzCase,
  before: DbSnapshot,
): Promise<{ outcome: FuzzOutcome; after: DbSnapshot }> {
  const def = allEndpoints[c.endpoint] as EndpointDef<AnyObject, unknown>;
  const params = applyMutation(base[c.endpoint], c.mutation);
  const res = await sendRaw(h, def, params, await sessions.token(c.actor));
  let violation: string | null = null;
  if (res.statusCode >= 500 && res.statusCode < 600)
    violation = `HTTP ${res.statusCode}: ${res.body.slice(0, 200)}`;
  else if (INTERNAL_TEXT.test(res.body)) violation = `internal text in the answer: ${res.body.slice(0, 200)}`;
  let after = await snapshotDb(h.db);
  if (violation === null && res.statusCode >= 400 && res.statusCode < 500) {
    const changes = snapshotChanges(before, after);
    if (changes.length > 0) violation = `refused with ${res.statusCode} but changed ${changes.join(', ')}`;
  }
  if (SESSION_CHANGING.has(c.endpoint)) {
    // the call may have ended or moved the actor's session (a login replaces the user's other sessions)
    await sessions.open(c.actor);
    after = await snapshotDb(h.db);
  }
  return { outcome: { status: res.statusCode, violation }, after };
}

/** A record of the CRC's site to update and audit (the seeded V2 VS of the rich demo subject, or any at BJ01). */
export async function fuzzRecordId(h: Harness): Promise<string> {
  const rows = await h.db.query<{ id: string }>(
    `select id::text as id from form_records where site_id = 'site-bj01' order by id limit 1`,
  );
  return rows[0]?.id ?? '1';
}
