/**
 * Per-host UI config, platform parameters, help documents, notices and client web logs.
 */
import { queryOne, type Db } from '../../core/db/db';
import type { Locale } from '../../../engine/api/localized';
import type { SiteUiConfig } from '../../../engine/api/session';

/** The host's row, else the '*' row; an empty back address becomes `fallbackBackAddress`. */
export async function siteUiConfig(db: Db, host: string, fallbackBackAddress: string): Promise<SiteUiConfig> {
  const hostname = host.replace(/:\d+$/, '');
  const row = await queryOne<{ unit_logo: string; eclinical_version: string; back_address: string }>(
    db,
    `select unit_logo, eclinical_version, back_address from site_ui_config
     where host in ($1, $2, '*') order by case host when $1 then 0 when $2 then 1 else 2 end limit 1`,
    [host.toLowerCase(), hostname.toLowerCase()],
  );
  return {
    unitLogo: row?.unit_logo ?? '',
    eClinical_version: row?.eclinical_version ?? '',
    backAddress: row?.back_address || fallbackBackAddress,
  };
}

export function platformParams(db: Db): Promise<{ paramcode: string; paramvalue: string }[]> {
  return db.query('select paramcode, paramvalue from platform_params order by paramcode');
}

export async function helpDocs(
  db: Db,
  roleId: string | null,
): Promise<{ name: { zh_CN: string; en: string }; url: string }[]> {
  const rows = await db.query<{ name_zh: string; name_en: string; url: string }>(
    `select name_zh, name_en, url from help_docs where role_id is null or role_id = $1 order by sort, id`,
    [roleId],
  );
  return rows.map((r) => ({ name: { zh_CN: r.name_zh, en: r.name_en }, url: r.url }));
}

/** The newest notice in force for the study (or for every study), in the locale. */
export async function activeNotice(
  db: Db,
  studyId: string,
  at: Date,
  locale: Locale,
): Promise<string | null> {
  const row = await queryOne<{ message_zh: string; message_en: string }>(
    db,
    `select message_zh, message_en from notices
     where active and (study_id is null or study_id = $1) and starts_at <= $2 and (ends_at is null or ends_at > $2)
     order by starts_at desc, id desc limit 1`,
    [studyId, at.toISOString()],
  );
  if (!row) return null;
  return locale === 'en' ? row.message_en : row.message_zh;
}

export interface WebLogEntry {
  at: Date;
  ip: string;
  userId: string | null;
  level: string;
  kind: string;
  message: string;
  stack?: string | undefined;
  url: string;
  userAgent?: string | undefined;
  time?: string | undefined;
}

export async function insertWebLog(db: Db, e: WebLogEntry): Promise<void> {
  await db.query(
    `insert into web_logs (at, ip, user_id, level, kind, message, stack, url, user_agent, client_time)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      e.at.toISOString(),
      e.ip,
      e.userId,
      e.level,
      e.kind,
      e.message,
      e.stack ?? null,
      e.url,
      e.userAgent ?? null,
      e.time?.slice(0, 64) ?? null,
    ],
  );
}
