/**
 * Signatures in SQL (migration 0012): the pages of a selection with their signature state and open queries (one
 * definition, `pagesSql`, serves the showing, the signing and its re-check inside the transaction), the signing and
 * the break of a page's signature, each with its append-only audit row, and the to-do counts.
 */
import type { LocalizedText } from '../../../engine/api/localized';
import type { SignatureScope } from '../../../engine/api/signatures';
import type { Db } from '../../core/db/db';

/** Queries still open on a page: released to the site and not closed (candidates are not released yet). */
export const OPEN_QUERY_STATES = ['created', 'answered'] as const;

export interface PageRow {
  recordId: string;
  subjectId: string;
  siteId: string;
  subjid: string;
  visitnum: string;
  cycnum: number;
  svnum: number;
  tid: string;
  lineno: number;
  rowversion: number;
  status: 'signed' | 'broken' | null;
  scope: SignatureScope | null;
  signerName: string | null;
  signedAt: Date | null;
  meaning: LocalizedText | null;
  brokenBy: string | null;
  brokenAt: Date | null;
  brokenItems: string[] | null;
  openQueries: number;
}

/**
 * The saved pages of non-abandoned subjects matching `where` (on form_records `r` and subjects `s`; parameters from
 * $1), with their signature (`g`) and open queries, in casebook order. `lock`: the records are locked for update.
 */
export function pagesSql(where: string, lock = false): string {
  return `
  select r.id::text as "recordId", r.subject_id as "subjectId", r.site_id as "siteId", s.subjid, r.visitnum,
         r.cycnum, r.svnum, r.tid, r.lineno, r.rowversion, g.status, g.scope, g.signer_name as "signerName",
         g.signed_at as "signedAt", g.meaning, coalesce(bu.realname, g.broken_by) as "brokenBy",
         g.broken_at as "brokenAt", g.broken_items as "brokenItems",
         (select count(*)::int from queries q
          where q.record_id = r.id and q.status in (${OPEN_QUERY_STATES.map((s) => `'${s}'`).join(', ')})) as "openQueries"
  from form_records r join subjects s on s.id = r.subject_id
    left join signatures g on g.record_id = r.id
    left join users bu on bu.id = g.broken_by
    left join visit_schedule v on v.study_id = r.study_id and v.visitnum = r.visitnum
  where s.abandoned_at is null and ${where}
  order by s.subjid, v.sort nulls last, r.visitnum, r.cycnum, r.svnum, r.tid, r.lineno
  ${lock ? 'for update of r' : ''}`;
}

/** The saved pages of a subject (optionally of one visit, or one record) at a study and site. */
export function subjectPages(
  db: Db,
  q: { studyId: string; siteId: string; subjectId: string; visitnum?: string; recordId?: string },
  lock = false,
): Promise<PageRow[]> {
  return db.query<PageRow>(
    pagesSql(
      `r.study_id = $1 and r.site_id = $2 and r.subject_id = $3
       and ($4::text is null or r.visitnum = $4) and ($5::bigint is null or r.id = $5::bigint)`,
      lock,
    ),
    [q.studyId, q.siteId, q.subjectId, q.visitnum ?? null, q.recordId ?? null],
  );
}

/** The page of a record (no site condition: the caller checks the scope). */
export async function recordPage(db: Db, recordId: string): Promise<PageRow | null> {
  const rows = await db.query<PageRow>(pagesSql('r.id = $1::bigint'), [recordId]);
  return rows[0] ?? null;
}

/** Whether open queries refuse the signing of a page in this study (a study without a setting: yes). */
export async function refusesOpenQueries(db: Db, studyId: string): Promise<boolean> {
  const rows = await db.query<{ refuse: boolean }>(
    'select refuse_open_queries as refuse from signature_settings where study_id = $1',
    [studyId],
  );
  return rows[0]?.refuse ?? true;
}

export interface Signing {
  recordId: string;
  rowversion: number;
  scope: SignatureScope;
}

/** Signs the pages (a broken signature is replaced) and appends a `sign` audit row each with the manifestation. */
export async function writeSignatures(
  tx: Db,
  pages: readonly Signing[],
  who: { userId: string; roleId: string; signerName: string; meaning: LocalizedText; at: Date },
): Promise<void> {
  if (pages.length === 0) return;
  const params = [
    pages.map((p) => p.recordId),
    pages.map((p) => p.rowversion),
    pages.map((p) => p.scope),
    who.userId,
    who.signerName,
    who.at.toISOString(),
    JSON.stringify(who.meaning),
    who.roleId,
  ];
  await tx.query(
    `insert into signatures (record_id, study_id, subject_id, site_id, status, scope, signed_by, signer_name,
       signed_at, meaning, rowversion)
     select r.id, r.study_id, r.subject_id, r.site_id, 'signed', t.scope, $4, $5, $6, $7::jsonb, t.rowversion
     from unnest($1::bigint[], $2::int[], $3::text[]) as t(record_id, rowversion, scope)
       join form_records r on r.id = t.record_id
     on conflict (record_id) do update
       set status = 'signed', scope = excluded.scope, signed_by = excluded.signed_by,
           signer_name = excluded.signer_name, signed_at = excluded.signed_at, meaning = excluded.meaning,
           rowversion = excluded.rowversion, broken_by = null, broken_at = null, broken_items = null`,
    params.slice(0, 7),
  );
  await tx.query(
    `insert into signature_audit (study_id, subject_id, site_id, record_id, tid, action, scope, signer_name, meaning,
       user_id, role_id, at)
     select r.study_id, r.subject_id, r.site_id, r.id, r.tid, 'sign', t.scope, $5, $7::jsonb, $4, $8, $6
     from unnest($1::bigint[], $2::int[], $3::text[]) with ordinality as t(record_id, rowversion, scope, n)
       join form_records r on r.id = t.record_id
     order by t.n`,
    params,
  );
}

/**
 * Breaks the signature of a record whose items changed (a signed one only: a broken one stays as it first broke),
 * with a `break` audit row; answers whether it broke one.
 */
export async function breakSignature(
  tx: Db,
  recordId: string,
  items: readonly string[],
  who: { userId: string; roleId: string; at: Date },
  /** null: a change of the page's data (`items`); `mark:<kind>`: a casebook mark on the page. */
  cause: string | null = null,
): Promise<boolean> {
  const rows = await tx.query<{ record_id: string }>(
    `update signatures set status = 'broken', broken_by = $2, broken_at = $3, broken_items = $4::text[]
     where record_id = $1::bigint and status = 'signed'
     returning record_id::text`,
    [recordId, who.userId, who.at.toISOString(), items],
  );
  if (rows.length === 0) return false;
  await tx.query(
    `insert into signature_audit (study_id, subject_id, site_id, record_id, tid, action, items, user_id, role_id, at,
                                  cause)
     select r.study_id, r.subject_id, r.site_id, r.id, r.tid, 'break', $2::text[], $3, $4, $5, $6
     from form_records r where r.id = $1::bigint`,
    [recordId, items, who.userId, who.roleId, who.at.toISOString(), cause],
  );
  return true;
}

/** The signature of one record, for its items' state. */
export interface RecordSignature {
  status: 'signed' | 'broken';
  signerName: string;
  /** A Date as the driver reads it; ISO text from recordSignatureSql. */
  signedAt: Date | string;
  items: string[];
}

/**
 * The signature of one record (`record`: its id as a bigint SQL expression) as ONE jsonb value (RecordSignature, or
 * null when unsigned): a sub-select for the record hooks' combined item-state read.
 */
export function recordSignatureSql(record: string): string {
  return `select jsonb_build_object('status', g.status, 'signerName', g.signer_name, 'signedAt', g.signed_at,
      'items', to_jsonb(array(select jsonb_object_keys(r.item_status))))
    from signatures g join form_records r on r.id = g.record_id where g.record_id = ${record} limit 1`;
}

/** The to-dos at a site: saved pages never signed, and broken signatures (of subjects not abandoned). */
export async function signatureCounts(
  db: Db,
  studyId: string,
  siteId: string,
): Promise<{ toSign: number; broken: number }> {
  const rows = await db.query<{ toSign: number; broken: number }>(
    `select count(*) filter (where g.record_id is null)::int as "toSign",
            count(*) filter (where g.status = 'broken')::int as broken
     from form_records r join subjects s on s.id = r.subject_id
       left join signatures g on g.record_id = r.id
     where r.study_id = $1 and r.site_id = $2 and s.abandoned_at is null`,
    [studyId, siteId],
  );
  return rows[0] ?? { toSign: 0, broken: 0 };
}

export interface HistoryRow {
  action: 'sign' | 'break';
  by: string;
  at: Date;
  scope: SignatureScope | null;
  meaning: LocalizedText | null;
  items: string[] | null;
}

/** The signature history of a record (signature_audit), oldest first; who by printed name. */
export function recordHistory(db: Db, recordId: string): Promise<HistoryRow[]> {
  return db.query<HistoryRow>(
    `select a.action, coalesce(a.signer_name, u.realname, a.user_id) as by, a.at, a.scope, a.meaning, a.items
     from signature_audit a left join users u on u.id = a.user_id
     where a.record_id = $1::bigint order by a.id`,
    [recordId],
  );
}

/** The signed records of the given pages of one visit (every log-line row of a log-line page). */
export async function signedRecordsOfPages(
  tx: Db,
  page: { studyId: string; subjectId: string; visitnum: string; cycnum: number; svnum: number },
  tids: readonly string[],
): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `select r.id::text as id from form_records r join signatures g on g.record_id = r.id and g.status = 'signed'
     where r.study_id = $1 and r.subject_id = $2 and r.visitnum = $3 and r.cycnum = $4 and r.svnum = $5
       and r.tid = any($6::text[])
     order by r.id`,
    [page.studyId, page.subjectId, page.visitnum, page.cycnum, page.svnum, [...tids]],
  );
  return rows.map((r) => r.id);
}
