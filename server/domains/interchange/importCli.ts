/**
 * `npm run import -- <file> [--user dm.chen] [--site BJ01] [--lang en|zh_CN] [--publish]` (issue 17): a study
 * definition file imported from the command line exactly as the study import page does it — the same
 * `assessImport` (format by content, the server's checks, a draft kept with its report and an audit row naming the
 * user), then, with `--publish`, the same `publishImport`. The report is printed; the draft also shows on the page,
 * where its forms can be previewed. The user must hold a role with `study.import` (and `study.publish` to publish)
 * at the site; the first such site when `--site` is absent.
 *
 * Exit codes: 0 imported (and published when asked); 1 refused (unknown user or role, unreadable file, …: nothing
 * written); 2 imported as a draft with errors, so not published.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { INTERCHANGE_PERMISSIONS, STUDY_IMPORT_MAX_BYTES } from '../../../engine/api/interchange';
import { isLocale, type Locale } from '../../../engine/api/localized';
import { sizeLimitLabel } from '../../../engine/upload/chooseFile';
import type { RoleSession } from '../../core/auth/guard';
import { queryOne, type Db } from '../../core/db/db';
import { issueText } from '../../core/interchangeMessages';
import { message } from '../../core/messages';
import { assessImport, Importers, InterchangeRefused, publishImport } from './importService';
import { reportText } from './reportText';

export interface ImportCliOptions {
  file: string;
  user: string;
  site: string | undefined;
  locale: Locale;
  publish: boolean;
}

export class ImportCliUsage extends Error {}

function valueOf(argv: readonly string[], flag: string): string | undefined {
  const at = argv.indexOf(flag);
  if (at < 0) return undefined;
  const value = argv[at + 1];
  if (!value || value.startsWith('--')) throw new ImportCliUsage(`${flag} needs a value`);
  return value;
}

export function importCliOptions(argv: readonly string[]): ImportCliOptions {
  const valued = new Set(['--user', '--site', '--lang']);
  const file = argv.find((a, i) => !a.startsWith('--') && !valued.has(argv[i - 1] ?? ''));
  if (!file)
    throw new ImportCliUsage(
      'usage: npm run import -- <file.xml|file.csv> [--user dm.chen] [--site BJ01] [--lang en|zh_CN] [--publish]',
    );
  const lang = valueOf(argv, '--lang') ?? 'zh_CN';
  if (!isLocale(lang)) throw new ImportCliUsage(`--lang: zh_CN or en, not ${lang}`);
  return {
    file,
    user: valueOf(argv, '--user') ?? 'dm.chen',
    site: valueOf(argv, '--site'),
    locale: lang,
    publish: argv.includes('--publish'),
  };
}

/** The user's role session at a site where a role of theirs may import: what logging in and choosing it gives. */
async function sessionOf(
  db: Db,
  username: string,
  sitecode: string | undefined,
): Promise<RoleSession | null> {
  const row = await queryOne<{
    userId: string;
    realname: string;
    studyId: string;
    roleId: string;
    siteId: string;
    rolecode: string;
    permissions: string[];
    timezone: string;
    strLength: number;
    numfieldUKallowed: boolean;
  }>(
    db,
    `select u.id as "userId", u.realname, ur.study_id as "studyId", ur.role_id as "roleId", ur.site_id as "siteId",
            r.rolecode, array(select rp.permission from role_permissions rp where rp.role_id = ur.role_id) as permissions,
            u.timezone, u.str_length as "strLength", u.numfield_uk_allowed as "numfieldUKallowed"
       from users u
       join user_roles ur on ur.user_id = u.id and ur.active
       join roles r on r.id = ur.role_id
       join sites s on s.id = ur.site_id
       join role_permissions p on p.role_id = ur.role_id and p.permission = $3
      where u.username = $1 and not u.disabled and ($2::text is null or s.sitecode = $2)
      order by s.sitecode
      limit 1`,
    [username, sitecode ?? null, INTERCHANGE_PERMISSIONS.import],
  );
  if (!row) return null;
  const now = new Date();
  return {
    id: 0,
    userId: row.userId,
    username,
    realname: row.realname,
    userDisabled: false,
    studyId: row.studyId,
    roleId: row.roleId,
    siteId: row.siteId,
    prevRoleId: null,
    prevSiteId: null,
    lastSeenAt: now,
    endedAt: null,
    endReason: null,
    rolecode: row.rolecode,
    permissions: new Set(row.permissions),
    timezone: row.timezone,
    strLength: row.strLength,
    numfieldUKallowed: row.numfieldUKallowed,
  };
}

/** Runs the import; prints through `out`; the exit code. */
export async function runImportCli(
  db: Db,
  options: ImportCliOptions,
  out: (line: string) => void,
  now: () => Date = () => new Date(),
): Promise<number> {
  const { locale } = options;
  const session = await sessionOf(db, options.user, options.site);
  if (!session) {
    out(
      `${options.user}: no active role with ${INTERCHANGE_PERMISSIONS.import}` +
        (options.site ? ` at ${options.site}` : ''),
    );
    return 1;
  }
  const size = (await stat(options.file)).size;
  if (size > STUDY_IMPORT_MAX_BYTES) {
    out(message('uploadTooLarge', locale, { max: sizeLimitLabel(STUDY_IMPORT_MAX_BYTES) }));
    return 1;
  }
  const bytes = await readFile(options.file);
  const importers = new Importers();
  try {
    const report = await assessImport(
      db,
      session,
      { filename: basename(options.file), bytes },
      importers,
      locale,
      now(),
      (err) => {
        const errorId = `cli-${Date.now().toString(36)}`;
        console.error(errorId, err);
        return errorId;
      },
    );
    for (const line of reportText(report, locale)) out(line);
    if (!options.publish) return report.summary.errors > 0 ? 2 : 0;
    if (report.summary.errors > 0) {
      out(message('interchangeHasErrors', locale, { count: report.summary.errors }));
      return 2;
    }
    const published = await publishImport(db, session, report.summary.importid, locale, now());
    out(`${published.summary.state}: ${published.summary.crfver ?? ''}`);
    return 0;
  } catch (err) {
    if (!(err instanceof InterchangeRefused)) throw err;
    out(message(err.messageId, locale, err.values));
    for (const issue of err.issues)
      out(`  ${issue.at ? `${issue.at}: ` : ''}${issueText(issue.messageId, locale, issue.values)}`);
    return 1;
  }
}
