/**
 * What "the database is unchanged" means in the refusal and fuzz tests: for every table of the schema (found in the
 * catalogue, so a table added later is covered without a word here), its row count and a fingerprint of its row
 * versions. Row counts catch inserts and deletes, the fingerprint catches updates (a record marked signed, a
 * failed-login count moved).
 *
 * One column is left out everywhere: `last_seen_at`, which every authenticated call moves (activity) before its
 * parameters are judged; it is state of the session, not of the data. So are the perimeter's tables (migration
 * 0005, docs/security.md): a refused login or signature attempt is still counted by the rate limits and the lockout
 * and logged in the security log — that is what they are for.
 */
import type { Db } from '../core/db/db';

export type DbSnapshot = Readonly<Record<string, { rows: number; hash: string }>>;

/** Columns that move on any authenticated call, refused or not. */
const VOLATILE_COLUMNS = ['last_seen_at'];

/** Tables of the perimeter, which count and log attempts whether they are refused or not. */
export const PERIMETER_TABLES: readonly string[] = [
  'login_lockouts',
  'rate_limit_windows',
  'security_events',
];

/** The base tables of the current schema (the test database's own schema on PostgreSQL), less the perimeter's. */
export async function tableNames(db: Db): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.name).filter((name) => !PERIMETER_TABLES.includes(name));
}

let cachedTables: { db: Db; names: string[]; volatile: Set<string> } | null = null;

/**
 * Row count and a fingerprint of every table, in one statement. The fingerprint is the sum of the rows' `xmin` (the
 * transaction that wrote each row version): an insert or an update writes a row version with a newer transaction id,
 * so the sum moves; a delete moves the count. Nothing is serialised, so a snapshot stays cheap with large rows (the
 * generated 1,000-item form schemas). Tables with a volatile column (sessions) are hashed by content without it.
 */
export async function snapshotDb(db: Db): Promise<DbSnapshot> {
  if (cachedTables?.db !== db) {
    const names = await tableNames(db);
    const cols = await db.query<{ name: string }>(
      `select distinct table_name as name from information_schema.columns
       where table_schema = current_schema() and column_name = any($1::text[])`,
      [VOLATILE_COLUMNS],
    );
    cachedTables = { db, names, volatile: new Set(cols.map((c) => c.name)) };
  }
  const volatile = VOLATILE_COLUMNS.map((c) => ` - '${c}'`).join('');
  const parts = cachedTables.names.map((name) =>
    cachedTables!.volatile.has(name)
      ? `select '${name}' as name, count(*)::int as rows,
                md5(coalesce(string_agg(x, '|' order by x), '')) as hash
         from (select (to_jsonb(t)${volatile})::text as x from "${name}" t) s`
      : `select '${name}' as name, count(*)::int as rows,
                coalesce(sum(xmin::text::bigint), 0)::text as hash from "${name}"`,
  );
  const rows = await db.query<{ name: string; rows: number; hash: string }>(parts.join('\nunion all\n'));
  const out: Record<string, { rows: number; hash: string }> = {};
  for (const r of rows) out[r.name] = { rows: r.rows, hash: r.hash };
  return out;
}

/** The tables whose rows differ between two snapshots (count or content), e.g. `form_records: 3 → 4 rows`. */
export function snapshotChanges(before: DbSnapshot, after: DbSnapshot): string[] {
  const changes: string[] = [];
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[name];
    const b = after[name];
    if (!a || !b) changes.push(`${name}: ${a ? 'dropped' : 'added'}`);
    else if (a.rows !== b.rows) changes.push(`${name}: ${a.rows} → ${b.rows} rows`);
    else if (a.hash !== b.hash) changes.push(`${name}: rows changed`);
  }
  return changes;
}
