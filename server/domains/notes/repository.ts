/**
 * Notes and their reviews (migration 0011): rows are only ever inserted — the tables' triggers refuse UPDATE, DELETE
 * and TRUNCATE — so a note's history is its row and its review row.
 */
import type { NoteRow, NoteState } from '../../../engine/api/notes';
import { queryOne, type Db } from '../../core/db/db';

export interface NewNote {
  studyId: string;
  recordId: string;
  subjectId: string;
  siteId: string;
  tid: string;
  variable: string;
  text: string;
  userId: string;
  roleId: string;
  at: Date;
}

export async function insertNote(tx: Db, n: NewNote): Promise<string> {
  const row = await queryOne<{ id: string }>(
    tx,
    `insert into notes (study_id, record_id, subject_id, site_id, tid, variable, text, user_id, role_id, at)
     values ($1, $2::bigint, $3, $4, $5, $6, $7, $8, $9, $10) returning id::text as id`,
    [
      n.studyId,
      n.recordId,
      n.subjectId,
      n.siteId,
      n.tid,
      n.variable,
      n.text,
      n.userId,
      n.roleId,
      n.at.toISOString(),
    ],
  );
  return row!.id;
}

export interface NewReview {
  noteId: string;
  comment: string | null;
  userId: string;
  roleId: string;
  siteId: string;
  at: Date;
}

/** Inserts the review; false when the note was reviewed already (one review per note). */
export async function insertReview(tx: Db, r: NewReview): Promise<boolean> {
  const rows = await tx.query(
    `insert into note_reviews (note_id, comment, user_id, role_id, site_id, at)
     values ($1::bigint, $2, $3, $4, $5, $6) on conflict (note_id) do nothing returning id`,
    [r.noteId, r.comment, r.userId, r.roleId, r.siteId, r.at.toISOString()],
  );
  return rows.length > 0;
}

interface NoteDbRow {
  noteid: string;
  recordid: string;
  variable: string;
  text: string;
  username: string;
  realname: string;
  rolenameZh: string;
  rolenameEn: string;
  at: Date;
  reviewed: boolean;
  rcomment: string | null;
  rusername: string | null;
  rrealname: string | null;
  rrolenameZh: string | null;
  rrolenameEn: string | null;
  rat: Date | null;
}

const NOTE_SELECT = `
  select n.id::text as noteid, n.record_id::text as recordid, n.variable, n.text,
         coalesce(u.username, n.user_id) as username, coalesce(u.realname, n.user_id) as realname,
         coalesce(r.rolename_zh, n.role_id) as "rolenameZh", coalesce(r.rolename_en, n.role_id) as "rolenameEn", n.at,
         (v.id is not null) as reviewed, v.comment as rcomment,
         coalesce(vu.username, v.user_id) as rusername, coalesce(vu.realname, v.user_id) as rrealname,
         coalesce(vr.rolename_zh, v.role_id) as "rrolenameZh", coalesce(vr.rolename_en, v.role_id) as "rrolenameEn",
         v.at as rat
  from notes n
    left join users u on u.id = n.user_id left join roles r on r.id = n.role_id
    left join note_reviews v on v.note_id = n.id
    left join users vu on vu.id = v.user_id left join roles vr on vr.id = v.role_id`;

const iso = (d: Date | string) => new Date(d).toISOString();

function toNoteRow(r: NoteDbRow): NoteRow {
  return {
    noteid: r.noteid,
    recordid: r.recordid,
    variable: r.variable,
    text: r.text,
    username: r.username,
    realname: r.realname,
    role: { zh_CN: r.rolenameZh, en: r.rolenameEn },
    at: iso(r.at),
    review: r.reviewed
      ? {
          comment: r.rcomment,
          username: r.rusername ?? '',
          realname: r.rrealname ?? '',
          role: { zh_CN: r.rrolenameZh ?? '', en: r.rrolenameEn ?? '' },
          at: iso(r.rat!),
        }
      : null,
  };
}

/** A record's notes (one item's, or the page's), oldest first. */
export async function recordNotes(db: Db, recordId: string, variable?: string): Promise<NoteRow[]> {
  const rows = await db.query<NoteDbRow>(
    `${NOTE_SELECT} where n.record_id = $1::bigint and ($2::text is null or n.variable = $2) order by n.id`,
    [recordId, variable ?? null],
  );
  return rows.map(toNoteRow);
}

/** One note of a record, or null. */
export async function findNote(db: Db, recordId: string, noteId: string): Promise<NoteRow | null> {
  if (!/^[1-9]\d{0,17}$/.test(noteId)) return null;
  const row = await queryOne<NoteDbRow>(
    db,
    `${NOTE_SELECT} where n.record_id = $1::bigint and n.id = $2::bigint`,
    [recordId, noteId],
  );
  return row ? toNoteRow(row) : null;
}

const NOTE_COUNTS = (
  record: string,
) => `select n.variable, count(*) filter (where v.id is null)::int as pending
     from notes n left join note_reviews v on v.note_id = n.id
     where n.record_id = ${record} group by n.variable`;

/** The note state of each annotated variable from its notes awaiting review (spec §4): 2 one awaits, else 1. */
export function noteStatesOf(
  rows: readonly { variable: string; pending: number }[],
): Record<string, NoteState> {
  const out: Record<string, NoteState> = {};
  for (const r of rows) out[r.variable] = r.pending > 0 ? 2 : 1;
  return out;
}

/** The note state of each annotated variable of a record (spec §4): 2 a note awaits review, else 1. */
export async function noteStates(db: Db, recordId: string): Promise<Record<string, NoteState>> {
  return noteStatesOf(
    await db.query<{ variable: string; pending: number }>(NOTE_COUNTS('$1::bigint'), [recordId]),
  );
}

/**
 * The same counts of a record (`record`: its id as a bigint SQL expression) as ONE json value, an array of
 * `{ variable, pending }` (noteStatesOf): a sub-select for the record hooks' combined item-state read (json, not
 * jsonb: built as text, as it is answered; data/recordHooks.ts ItemStateRead).
 */
export function noteCountsSql(record: string): string {
  return `select coalesce(json_agg(to_json(x)), '[]'::json) from (${NOTE_COUNTS(record)}) x`;
}

/** Whether the role holds a permission (role_permissions, seeded from fixtures/seed/sdv.json). */
export async function roleHasPermission(db: Db, roleId: string, permission: string): Promise<boolean> {
  const rows = await db.query('select 1 from role_permissions where role_id = $1 and permission = $2', [
    roleId,
    permission,
  ]);
  return rows.length > 0;
}

/** The role's permissions among `wanted`. */
export async function rolePermissionsAmong(
  db: Db,
  roleId: string,
  wanted: readonly string[],
): Promise<Set<string>> {
  const rows = await db.query<{ permission: string }>(
    'select permission from role_permissions where role_id = $1 and permission = any($2::text[])',
    [roleId, wanted],
  );
  return new Set(rows.map((r) => r.permission));
}
