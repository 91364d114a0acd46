/**
 * `npm run import -- <file> [--user dm.chen] [--site BJ01] [--lang en|zh_CN] [--publish]`: a CDISC ODM 1.3.2 file
 * or a REDCap data dictionary imported into the study of DATA_DIR (PGlite) or DATABASE_URL, with its report
 * printed (server/domains/interchange/importCli.ts). The database must hold the study (`npm run seed`, or started
 * once with `npm start`).
 */
import { migrate } from './core/db/migrate';
import { openDatabase } from './core/db/open';
import { readEnv } from './core/env';
import { StartupError } from './core/startupErrors';
import { ImportCliUsage, importCliOptions, runImportCli } from './domains/interchange/importCli';
import { isSeeded } from './seed/seed';

async function main(argv: string[]): Promise<number> {
  const options = importCliOptions(argv);
  const env = readEnv();
  // an operator's tool, like `npm run seed`: with the owner/app split it migrates as the owner (docs/security-database.md)
  const db = await openDatabase({ ...env, databaseUrl: env.migrationDatabaseUrl ?? env.databaseUrl });
  try {
    await migrate(db);
    if (!(await isSeeded(db))) {
      console.error('import: the database holds no study yet; run `npm run seed` first.');
      return 1;
    }
    return await runImportCli(db, options, (line) => console.log(line));
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ImportCliUsage || err instanceof StartupError) console.error(`import: ${err.message}`);
    else if (err instanceof Error && 'code' in err && err.code === 'ENOENT')
      console.error(`import: ${err.message}`);
    else console.error('import failed:', err);
    process.exit(1);
  },
);
