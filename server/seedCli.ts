/**
 * `npm run seed [-- --reset] [-- --subjects N]`: seeds the demo study into DATA_DIR (PGlite) or DATABASE_URL.
 * - without flags an already seeded database is left alone (a database seeded before the list screens gets their
 *   menus, definitions, code lists and demo subjects added);
 * - `--reset` drops every table of the current schema first (the audit trail included);
 * - `--subjects N` replaces the study's subjects by N generated ones (deterministic, set-based: 100,000 in seconds),
 *   on a fresh or an existing database;
 * - `--unlock <user name>` lifts a login lockout (an administrator's unlock, docs/security.md) and does nothing else.
 * Unknown flags are ignored.
 */
import { unlockAccount } from './core/auth/lockouts';
import { migrate } from './core/db/migrate';
import { openDatabase } from './core/db/open';
import { readEnv } from './core/env';
import { dropAll, isSeeded, loadSeed, seedDemo, topUpSeed } from './seed/seed';
import { replaceSubjects, subjectsOption, vacuumSubjects } from './seed/subjects';
import { StartupError } from './core/startupErrors';

/** `--unlock <user name>`: the name, or undefined when the flag is absent. */
function unlockOption(argv: string[]): string | undefined {
  const at = argv.indexOf('--unlock');
  if (at < 0) return undefined;
  const name = argv[at + 1];
  if (!name || name.startsWith('--')) throw new StartupError('--unlock needs a user name');
  return name;
}

async function unlockCli(username: string): Promise<void> {
  const env = readEnv();
  const db = await openDatabase(env);
  try {
    await migrate(db);
    const by = `cli:${process.env.SUDO_USER ?? process.env.USER ?? 'unknown'}`;
    const cleared = await unlockAccount(db, username, new Date(), by);
    console.log(cleared ? `${username}: unlocked.` : `${username}: was not locked (nothing to forget).`);
  } finally {
    await db.close();
  }
}

async function seedCli(argv: string[]): Promise<void> {
  const unlock = unlockOption(argv);
  if (unlock !== undefined) return unlockCli(unlock);
  const reset = argv.includes('--reset');
  const subjects = subjectsOption(argv);
  const env = readEnv();
  // with the owner/app split the owner seeds (it drops and creates tables, resets sequences); the server's next start
  // grants the app's role again
  const db = await openDatabase({ ...env, databaseUrl: env.migrationDatabaseUrl ?? env.databaseUrl });
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
