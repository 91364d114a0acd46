/**
 * Rows numbered in their order in place of their ids: the ids come from identity sequences, whose values PostgreSQL
 * and PGlite hand out differently (a sequence is not transactional, and a restored data directory skips ahead), so a
 * captured fixture is the same on both. `key` names the list under `data` (`audit`, `list`).
 */
export function numberedIds<T>(body: T, key: string): T {
  const data = (body as { data?: Record<string, unknown> }).data;
  const rows = data?.[key];
  if (!Array.isArray(rows)) return body;
  return {
    ...body,
    data: { ...data, [key]: rows.map((r: Record<string, unknown>, i) => ({ ...r, id: String(i + 1) })) },
  };
}
