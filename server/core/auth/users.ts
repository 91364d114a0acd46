import { queryOne, type Db } from '../db/db';
import type { Locale } from '../../../engine/api/localized';

export interface UserRow {
  id: string;
  username: string;
  realname: string;
  passwordHash: string;
  passwordExpiresAt: Date | null;
  locale: Locale;
  timezone: string;
  strLength: number;
  numfieldUKallowed: boolean;
  onlineShow: boolean;
  disabled: boolean;
}

const USER_COLUMNS = `id, username, realname, password_hash as "passwordHash", password_expires_at as "passwordExpiresAt",
  locale, timezone, str_length as "strLength", numfield_uk_allowed as "numfieldUKallowed", online_show as "onlineShow",
  disabled`;

/** User names are matched without regard to case. */
export function findUserByUsername(db: Db, username: string): Promise<UserRow | null> {
  return queryOne<UserRow>(db, `select ${USER_COLUMNS} from users where lower(username) = lower($1)`, [
    username.trim(),
  ]);
}

export function findUserById(db: Db, id: string): Promise<UserRow | null> {
  return queryOne<UserRow>(db, `select ${USER_COLUMNS} from users where id = $1`, [id]);
}

export interface AccountSummary {
  username: string;
  realname: string;
  /** e.g. `DM@BJ01,SH01,BOS01; CRA@SH01` */
  roles: string;
}

/** Every user with their active roles and sites, for the startup banner. */
export async function accountSummaries(db: Db): Promise<AccountSummary[]> {
  const rows = await db.query<{
    username: string;
    realname: string;
    rolecode: string | null;
    sort: number | null;
    sitecodes: string | null;
  }>(
    `select u.username, u.realname, r.rolecode, r.sort, string_agg(s.sitecode, ',' order by s.sitecode) as sitecodes
     from users u
     left join user_roles ur on ur.user_id = u.id and ur.active
     left join roles r on r.id = ur.role_id
     left join sites s on s.id = ur.site_id
     group by u.username, u.realname, r.rolecode, r.sort
     order by u.username, r.sort`,
  );
  const out: (AccountSummary & { firstRole: number })[] = [];
  for (const row of rows) {
    let acc = out.find((a) => a.username === row.username);
    if (!acc) {
      acc = { username: row.username, realname: row.realname, roles: '', firstRole: row.sort ?? Infinity };
      out.push(acc);
    }
    if (row.rolecode) acc.roles += `${acc.roles ? '; ' : ''}${row.rolecode}@${row.sitecodes ?? ''}`;
  }
  // by their first role (PI, CRC, CRA, DM …), then by name
  out.sort((a, b) => a.firstRole - b.firstRole || a.username.localeCompare(b.username));
  return out.map(({ firstRole: _f, ...a }) => a);
}
