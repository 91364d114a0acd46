/**
 * `npm start`'s server process (server/main.ts) for real: it starts on an empty data directory, seeds, prints the
 * URL and the accounts, answers, shuts down on SIGTERM; and each startup problem ends it with exit code 1 and one
 * clear line.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDatabaseError, maskDatabaseUrl } from './startupErrors';

const ROOT = path.resolve(import.meta.dirname, '../..');

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
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let triggered = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), 100_000);
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
  it('starts on an empty data directory, prints URL and demo accounts, answers, and stops on SIGTERM', async () => {
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
  }, 120_000);

  it('explains a DATABASE_URL that is not a URL', async () => {
    const run = await runMain({ DATABASE_URL: 'not a url', PORT: '0' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'EDC reference server: DATABASE_URL is not a valid URL; expected postgres://user:password@host:5432/database',
    );
  });

  it('explains a refused connection, naming the address without the password', async () => {
    const run = await runMain({ DATABASE_URL: 'postgres://edc:secret@127.0.0.1:1/edc', PORT: '0' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(
      /^EDC reference server: cannot connect to PostgreSQL at postgres:\/\/edc:\*\*\*@127\.0\.0\.1:1\/edc: connection refused/,
    );
    expect(run.stderr).not.toContain('secret');
  });

  it('explains a data directory it cannot create or write', async () => {
    const file = path.join(tmp, 'a-file');
    await writeFile(file, 'x');
    const run = await runMain({ DATA_DIR: path.join(file, 'data'), PORT: '0' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(
      /^EDC reference server: data directory .*a-file\/data is .*; set DATA_DIR/,
    );
  });
});

describe('startup error texts', () => {
  it('name a failed PostgreSQL login and a missing database', () => {
    const url = 'postgres://edc:pw@db:5432/edc';
    expect(describeDatabaseError({ code: '28P01' }, url).message).toMatch(/authentication failed/);
    expect(describeDatabaseError({ code: '3D000' }, url).message).toMatch(/database does not exist/);
    expect(describeDatabaseError({ code: 'ENOTFOUND' }, url).message).toMatch(/host not found/);
    expect(maskDatabaseUrl(url)).toBe('postgres://edc:***@db:5432/edc');
  });

  it.runIf(process.env.DATABASE_URL)('says when PostgreSQL refuses the password', async () => {
    const u = new URL(process.env.DATABASE_URL!);
    u.password = 'definitely-wrong';
    const run = await runMain({ DATABASE_URL: u.toString(), PORT: '0' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/authentication failed/);
  });
});
