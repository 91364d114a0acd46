import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';

/** The SPA needs no database; a stub keeps this file fast. */
const noDb: Db = {
  kind: 'pglite',
  query: () => Promise.reject(new Error('no database in this test')),
  exec: () => Promise.reject(new Error('no database in this test')),
  transaction: () => Promise.reject(new Error('no database in this test')),
  close: () => Promise.resolve(),
};

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'edc-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>EDC</title><div id="root"></div>');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg/>');
  app = await buildApp({ db: noDb, distDir: dist, logger: false });
});
afterAll(async () => {
  await app?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the built SPA under /edcweb/', () => {
  it('redirects / and /edcweb to /edcweb/', async () => {
    for (const url of ['/', '/edcweb']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe('/edcweb/');
    }
  });

  it('serves index.html, never cached, for the app root and every client route (history fallback)', async () => {
    for (const url of [
      '/edcweb/',
      '/edcweb/loginfront',
      '/edcweb/index/statistics',
      '/edcweb/checkRole?token=x',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('serves hashed assets as immutable, and other files with a short cache', async () => {
    const asset = await app.inject({ method: 'GET', url: '/edcweb/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    expect(asset.headers['cache-control']).toMatch(/max-age=31536000/);
    const icon = await app.inject({ method: 'GET', url: '/edcweb/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).not.toMatch(/immutable/);
  });

  it('answers 404 (no fallback) for a missing asset or file', async () => {
    for (const url of ['/edcweb/assets/missing-123.js', '/edcweb/assets/chunk', '/edcweb/missing.png']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<div id="root">');
    }
  });

  it('does not serve files outside the build', async () => {
    const res = await app.inject({ method: 'GET', url: '/edcweb/..%2F..%2Fetc%2Fpasswd' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('root:');
  });
});

describe('without a build', () => {
  it('answers a page that says to run npm run build', async () => {
    const bare = await buildApp({ db: noDb, distDir: path.join(dist, 'does-not-exist'), logger: false });
    try {
      const res = await bare.inject({ method: 'GET', url: '/edcweb/loginfront' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});

describe('failures inside the server', () => {
  it('answer 500 with a server error envelope, never the error itself', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/edc/pic/findPicParam.do?time=1',
      headers: { token: 't', locale: 'en' },
    });
    expect(res.statusCode).toBe(500);
    const body = res.json<{ success: boolean; msg: string; data: null; errorId: string }>();
    expect(body).toMatchObject({ success: false, data: null });
    // a translated message quoting the error id the log line carries (issue 15, finding 5)
    expect(body.errorId).toMatch(/^E-[0-9a-f]{12}$/);
    expect(body.msg).toBe(`Server error; please contact your administrator with error id ${body.errorId}`);
    expect(res.body).not.toContain('no database');
  });

  it('API answers are never cached and never sniffed', async () => {
    const res = await app.inject({ method: 'GET', url: '/edc/app/appversion.do?time=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
