/**
 * `npm run seed [-- --reset] [-- --subjects N]`: seeds the demo study into DATA_DIR (PGlite) or DATABASE_URL.
 * - without flags an already seeded database is left alone (a database seeded before the list screens gets their
 *   menus, definitions, code lists and demo subjects added);
 * - `--reset` drops every table of the current schema first (the audit trail included);
 * - `--subjects N` replaces the study's subjects by N generated ones (deterministic, set-based: 100,000 in seconds),
 *   on a fresh or an existing database. Unknown flags are ignored.
 */
import { migrate } from './core/db/migrate';
import { openDatabase } from './core/db/open';
import { readEnv } from './core/env';
import { dropAll, isSeeded, loadSeed, seedDemo, topUpSeed } from './seed/seed';
import { replaceSubjects, subjectsOption, vacuumSubjects } from './seed/subjects';
import { StartupError } from './core/startupErrors';

async function seedCli(argv: string[]): Promise<void> {
  const reset = argv.includes('--reset');
  const subjects = subjectsOption(argv);
  const env = readEnv();
  const db = await openDatabase(env);
  try {
    if (reset) await dropAll(db);
    await migrate(db);
    const started = performance.now();
    if (!(await isSeeded(db))) {
      await seedDemo(db, { password: env.demoPassword, ...(subjects !== undefined ? { subjects } : {}) });
      console.log(`Demo study seeded${reset ? ' (after a reset)' : ''}; demo password: ${env.demoPassword}`);
    } else {
      if (await topUpSeed(db))
        console.log('Added the list screens (menus, definitions, code lists, subjects).');
      if (subjects === undefined) {
        console.log(
          'The database already holds the demo study; run `npm run seed -- --reset` to start over.',
        );
        return;
      }
      const seed = await loadSeed();
      await replaceSubjects(db, seed.study.study.id, subjects);
      await vacuumSubjects(db);
    }
    if (subjects !== undefined) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`${subjects} subjects generated in ${seconds} s.`);
    }
  } finally {
    await db.close();
  }
}

seedCli(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof StartupError) console.error(`seed: ${err.message}`);
  else console.error('seed failed:', err);
  process.exit(1);
});
