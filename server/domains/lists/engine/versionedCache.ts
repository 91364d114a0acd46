/**
 * Results derived from a data set (list totals, page bookmarks), kept while the data set's version stays the same.
 * The version is read from the database on every use (data_versions, bumped by a trigger on every write), so a
 * write by any process — the server, `npm run seed`, a SQL console — retires every cached result at once.
 * Bounded: the least recently used entries go first. A computation in flight is shared; a failed one is not kept.
 */
export interface VersionedCache<T> {
  get(version: string, key: string, compute: () => Promise<T>): Promise<T>;
  readonly size: number;
}

export function createVersionedCache<T>(maxEntries: number): VersionedCache<T> {
  let current: string | null = null;
  const entries = new Map<string, Promise<T>>();
  return {
    get(version, key, compute) {
      if (version !== current) {
        entries.clear();
        current = version;
      }
      const hit = entries.get(key);
      if (hit) {
        // most recently used last
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const made = compute();
      entries.set(key, made);
      made.catch(() => {
        if (entries.get(key) === made) entries.delete(key);
      });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
      }
      return made;
    },
    get size() {
      return entries.size;
    },
  };
}
