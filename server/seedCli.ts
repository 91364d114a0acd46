/**
 * `npm run seed [-- --reset]`: seeds the demo study into DATA_DIR (PGlite) or DATABASE_URL. Without --reset an
 * already seeded database is left alone; --reset drops every table of the current schema first (the audit trail
 * included). Unknown flags are ignored (later issues add options such as --subjects N).
 */
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import { readEnv } from './env';
import { dropAll, isSeeded, seedDemo } from './seed';
import { StartupError } from './startupErrors';

async function seedCli(argv: string[]): Promise<void> {
  const reset = argv.includes('--reset');
  const env = readEnv();
  const db = await openDatabase(env);
  try {
    if (reset) await dropAll(db);
    await migrate(db);
    if (await isSeeded(db)) {
      console.log('The database already holds the demo study; run `npm run seed -- --reset` to start over.');
      return;
    }
    await seedDemo(db, { password: env.demoPassword });
    console.log(`Demo study seeded${reset ? ' (after a reset)' : ''}; demo password: ${env.demoPassword}`);
  } finally {
    await db.close();
  }
}

seedCli(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof StartupError) console.error(`seed: ${err.message}`);
  else console.error('seed failed:', err);
  process.exit(1);
});
