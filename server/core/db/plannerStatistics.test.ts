import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { wrapPglite } from './pglite';
import { migrateDatabase } from './ownerSplit';

const statisticsOf = async (db: ReturnType<typeof wrapPglite>, table: string) =>
  (await db.query<{ n: number }>('select count(*)::int as n from pg_stats where tablename = $1', [table]))[0]
    ?.n ?? 0;

describe('PGlite planner statistics (no autovacuum there)', () => {
  it('are gathered after a start that migrated, so that what the migrations and the seed wrote has them', async () => {
    const db = wrapPglite(new PGlite());
    try {
      const applied = await migrateDatabase(db, {
        afterMigrate: async (owner) => {
          // as a seed writes rows after the migrations
          await owner.exec(
            'create table stats_probe (x int, y int); insert into stats_probe select g, null from generate_series(1, 500) g',
          );
        },
      });
      expect(applied.length).toBeGreaterThan(0);
      // both columns, the one only ever null too (an `is null` estimate then knows it)
      expect(await statisticsOf(db, 'stats_probe')).toBe(2);

      // a start that applies nothing gathers nothing (the next one waits for the next migration)
      await db.exec(
        'create table stats_later (x int); insert into stats_later select generate_series(1, 500)',
      );
      expect(await migrateDatabase(db, {})).toEqual([]);
      expect(await statisticsOf(db, 'stats_later')).toBe(0);
    } finally {
      await db.close();
    }
  }, 120_000);
});
