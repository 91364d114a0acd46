/**
 * `npm start`'s server process (server/main.ts) for real: it starts on an empty data directory, seeds, prints the
 * URL and the accounts, answers, shuts down on SIGTERM; and each startup problem ends it with exit code 1 and one
 * clear line.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPath } from '../../engine/api/endpoint';
import { loginFront } from '../../engine/api/session';
import { openPostgres } from './db/postgres';
import { describeDatabaseError, maskDatabaseUrl } from './startupErrors';

const ROOT = path.resolve(import.meta.dirname, '../..');
/**
 * Each test starts server/main.ts through tsx, which takes seconds on an idle machine and half a minute on a loaded
 * one (the full server suite on PostgreSQL runs many files at once): the timeouts leave room for that.
 */
const ONE_CHILD_MS = 90_000;
const SEVERAL_CHILDREN_MS = 240_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs server/main.ts until it exits, or until `until(stdout)` holds (then SIGTERM). */
function runMain(
  env: Record<string, string>,
  until?: (stdout: string) => boolean,
  onReady?: (stdout: string) => Promise<void>,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', MIGRATION_DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let triggered = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), SEVERAL_CHILDREN_MS - 20_000);
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (until && !triggered && until(stdout)) {
        triggered = true;
        void (onReady ? onReady(stdout) : Promise.resolve()).finally(() => child.kill('SIGTERM'));
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'edc-main-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('server/main.ts', () => {
  it(
    'starts on an empty data directory, prints URL and demo accounts, answers, and stops on SIGTERM',
    async () => {
      let answer: unknown = null;
      let portInUse: Run | null = null;
      let dirInUse: Run | null = null;
      const run = await runMain(
        { PORT: '0', DATA_DIR: path.join(tmp, 'data'), DEMO_PASSWORD: 'Pw-for-test-1' },
        (out) => /started in \d+ ms/.test(out),
        async (out) => {
          const port = /http:\/\/localhost:(\d+)\/edcweb\//.exec(out)?.[1];
          answer = await (await fetch(`http://127.0.0.1:${port}/edc/app/appversion.do?time=1`)).json();
          // a second server on the same port fails fast with one line
          portInUse = await runMain({ PORT: String(port), DATA_DIR: path.join(tmp, 'other') });
          // and a second server on the same data directory is refused before it can corrupt it
          dirInUse = await runMain({ PORT: '0', DATA_DIR: path.join(tmp, 'data') });
        },
      );
      expect(run.stdout).toMatch(/EDC reference server ready: http:\/\/localhost:\d+\/edcweb\//);
      expect(run.stdout).toMatch(/dm\.chen\s+CRA@SH01; DM@BJ01,BOS01,SH01\s+Pw-for-test-1/);
      expect(run.stdout).toMatch(/started in \d+ ms/);
      expect(answer).toEqual({ success: true, msg: '', data: { version: 'V2.1.8' } });
      expect(run.code).toBe(0);
      expect(portInUse).not.toBeNull();
      expect(portInUse!.code).toBe(1);
      expect(portInUse!.stderr.trim()).toMatch(/^EDC reference server: port \d+ is in use; set PORT=/);
      expect(portInUse!.stderr.trim().split('\n')).toHaveLength(1);
      expect(dirInUse!.code).toBe(1);
      expect(dirInUse!.stderr.trim()).toMatch(
        /^EDC reference server: data directory .* is in use by another process \(pid \d+\)/,
      );
    },
    SEVERAL_CHILDREN_MS,
  );

  it(
    'explains a DATABASE_URL that is not a URL',
    async () => {
      const run = await runMain({ DATABASE_URL: 'not a url', PORT: '0' });
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toBe(
        'EDC reference server: DATABASE_URL is not a valid URL; expected postgres://user:password@host:5432/database',
      );
    },
    ONE_CHILD_MS,
  );

  it(
    'explains a refused connection, naming the address without the password',
    async () => {
      const run = await runMain({ DATABASE_URL: 'postgres://edc:secret@127.0.0.1:1/edc', PORT: '0' });
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toMatch(
        /^EDC reference server: cannot connect to PostgreSQL at postgres:\/\/edc:\*\*\*@127\.0\.0\.1:1\/edc: connection refused/,
      );
      expect(run.stderr).not.toContain('secret');
    },
    ONE_CHILD_MS,
  );

  it(
    'explains a data directory it cannot create or write',
    async () => {
      const file = path.join(tmp, 'a-file');
      await writeFile(file, 'x');
      const run = await runMain({ DATA_DIR: path.join(file, 'data'), PORT: '0' });
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toMatch(
        /^EDC reference server: data directory .*a-file\/data is .*; set DATA_DIR/,
      );
    },
    ONE_CHILD_MS,
  );
});

describe('startup error texts', () => {
  it('name a failed PostgreSQL login and a missing database', () => {
    const url = 'postgres://edc:pw@db:5432/edc';
    expect(describeDatabaseError({ code: '28P01' }, url).message).toMatch(/authentication failed/);
    expect(describeDatabaseError({ code: '3D000' }, url).message).toMatch(/database does not exist/);
    expect(describeDatabaseError({ code: 'ENOTFOUND' }, url).message).toMatch(/host not found/);
    expect(maskDatabaseUrl(url)).toBe('postgres://edc:***@db:5432/edc');
  });

  it.runIf(process.env.DATABASE_URL)(
    'says when PostgreSQL refuses the password',
    async () => {
      const u = new URL(process.env.DATABASE_URL!);
      u.password = 'definitely-wrong';
      const run = await runMain({ DATABASE_URL: u.toString(), PORT: '0' });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/authentication failed/);
    },
    ONE_CHILD_MS,
  );
});

/** `url` with every connection's search_path set to `schema` (libpq's `options` parameter). */
function inSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

describe.runIf(process.env.DATABASE_URL && process.env.MIGRATION_DATABASE_URL)(
  'server/main.ts on PostgreSQL with the owner/app split',
  () => {
    it(
      'migrates and seeds as the owner, then serves as the app role',
      async () => {
        const ownerUrl = process.env.MIGRATION_DATABASE_URL!;
        const appUrl = process.env.DATABASE_URL!;
        const schema = `t_main_${randomBytes(4).toString('hex')}`;
        const admin = await openPostgres(ownerUrl, { max: 1 });
        await admin.exec(`create schema ${schema}`);
        try {
          let login: unknown = null;
          const run = await runMain(
            {
              PORT: '0',
              DATABASE_URL: inSchema(appUrl, schema),
              MIGRATION_DATABASE_URL: inSchema(ownerUrl, schema),
              DEMO_PASSWORD: 'Pw-for-test-1',
            },
            (out) => /started in \d+ ms/.test(out),
            async (out) => {
              const port = /http:\/\/localhost:(\d+)\/edcweb\//.exec(out)?.[1];
              const res = await fetch(`http://127.0.0.1:${port}${serverPath(loginFront)}`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', locale: 'en' },
                body: JSON.stringify({ username: 'crc.li', password: 'Pw-for-test-1' }),
              });
              login = await res.json();
            },
          );
          expect(run.stderr).toBe('');
          expect(run.code).toBe(0);
          expect(login).toMatchObject({ success: true, data: { token: expect.any(String) } });
          // the owner owns every table (the app role none), and the seed is there
          const owners = await admin.query<{ owner: string }>(
            'select distinct tableowner::text as owner from pg_tables where schemaname = $1',
            [schema],
          );
          const ownerRole = new URL(ownerUrl).username;
          expect(owners.map((r) => r.owner)).toEqual([ownerRole]);
          const [subjects] = await admin.query<{ n: number }>(
            `select count(*)::int as n from ${schema}.subjects`,
          );
          expect(subjects?.n).toBeGreaterThan(0);
        } finally {
          await admin.exec(`drop schema if exists ${schema} cascade`);
          await admin.close();
        }
      },
      SEVERAL_CHILDREN_MS,
    );

    it(
      'refuses to start when both URLs log in as the same role',
      async () => {
        const run = await runMain({
          PORT: '0',
          DATABASE_URL: process.env.MIGRATION_DATABASE_URL!,
          MIGRATION_DATABASE_URL: process.env.MIGRATION_DATABASE_URL!,
        });
        expect(run.code).toBe(1);
        expect(run.stderr).toMatch(/connect as the same role/);
      },
      ONE_CHILD_MS,
    );
  },
);
