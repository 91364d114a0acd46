/**
 * List metadata (search-field definitions and column sets, raw as the client parses them) and each user's choice
 * of shown search items.
 */
import { queryOne, type Db } from '../../core/db/db';

export type DefinitionKind = 'searchFields' | 'columns';

export interface DefinitionRow {
  kind: DefinitionKind;
  definition: unknown;
  version: number;
}

/** Both definitions of a list (those that exist). */
export function listDefinitions(db: Db, studyId: string, listKey: string): Promise<DefinitionRow[]> {
  return db.query<DefinitionRow>(
    'select kind, definition, version from list_definitions where study_id = $1 and list_key = $2 order by kind',
    [studyId, listKey],
  );
}

/** Inserts or replaces a definition (its version moves when it changes). */
export async function putListDefinition(
  db: Db,
  d: { studyId: string; listKey: string; kind: DefinitionKind; definition: unknown; at: Date },
): Promise<void> {
  await db.query(
    `insert into list_definitions (study_id, list_key, kind, definition, updated_at) values ($1, $2, $3, $4::json, $5)
     on conflict (study_id, list_key, kind) do update set definition = excluded.definition, updated_at = excluded.updated_at`,
    [d.studyId, d.listKey, d.kind, JSON.stringify(d.definition), d.at.toISOString()],
  );
}

/** The innerids the user chose to show, or null when they never chose. */
export async function shownSearchItems(
  db: Db,
  userId: string,
  studyId: string,
  listKey: string,
): Promise<string[] | null> {
  const row = await queryOne<{ shown: string[] }>(
    db,
    'select shown from user_search_prefs where user_id = $1 and study_id = $2 and list_key = $3',
    [userId, studyId, listKey],
  );
  return row?.shown ?? null;
}

export async function saveShownSearchItems(
  db: Db,
  p: { userId: string; studyId: string; listKey: string; shown: readonly string[]; at: Date },
): Promise<void> {
  await db.query(
    `insert into user_search_prefs (user_id, study_id, list_key, shown, updated_at) values ($1, $2, $3, $4::text[], $5)
     on conflict (user_id, study_id, list_key) do update set shown = excluded.shown, updated_at = excluded.updated_at`,
    [p.userId, p.studyId, p.listKey, [...p.shown], p.at.toISOString()],
  );
}
