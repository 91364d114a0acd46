/**
 * `npm run bench:load [-- --users 50,200 --seconds 15 --instances 2]`: the reference server under many users, over
 * real HTTP with autocannon. Each simulated user is a CRC at BJ01 with a session of its own and loops over subject
 * list → open an AE form (datainfo.do) → save a new AE line (savedata.do, a fresh idempotency key) → heartbeat. Reports
 * requests/s, p50/p95/p99 latency, errors (non-2xx, timeouts) and lost writes (acknowledged saves minus the AE rows
 * the database holds afterwards). PGlite (test snapshot) by default; PostgreSQL with DATABASE_URL. `--instances 2`
 * runs two app instances on the one database, the users' connections spread over both.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { serverPath } from '../engine/api/endpoint';
import { dataInfo, saveData } from '../engine/api/data';
import { heartBeat } from '../engine/api/session';
import { subjectList } from '../engine/api/subjects';
import { buildApp } from '../server/core/app';
import { loggerOptions } from '../server/core/logging';
import { TEST_HOST, TEST_RATE_LIMITS, startHarness, type Harness } from '../server/test/harness';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const USER_COUNTS = option('users', '50,200').split(',').map(Number);
const SECONDS = Number(option('seconds', '15'));
const INSTANCES = Number(option('instances', '1'));

const AE = {
  AETERM: 'Headache',
  AESTDAT: '2026-02-20',
  AEONGO: 'Y',
  AESEV: 'MILD',
  AESER: 'N',
  AEREL: 'NOT RELATED',
  AEACN: 'NOT APPLICABLE',
  AEOUT: 'RECOVERING/RESOLVING',
};

interface SimUser {
  token: string;
  subjectid: string;
}

/** `n` CRCs at BJ01 (copies of crc.li's role there, same password hash), each logged in with a session of its own. */
async function makeUsers(h: Harness, n: number, offset: number): Promise<SimUser[]> {
  const subjects = (
    await h.db.query<{ id: string }>(
      `select s.id from subjects s join sites t on t.id = s.site_id where t.sitecode = 'BJ01' order by s.id`,
    )
  ).map((r) => r.id);
  const users: SimUser[] = [];
  for (let i = 0; i < n; i++) {
    const username = `load.user.${offset + i}`;
    await h.db.query(
      `insert into users (id, username, realname, password_hash, locale)
       select $1, $2, $2, password_hash, 'en' from users where username = 'crc.li'
       on conflict (id) do nothing`,
      [`user-${username}`, username],
    );
    await h.db.query(
      `insert into user_roles (user_id, role_id, site_id, study_id, active)
       select $1, ur.role_id, ur.site_id, ur.study_id, true from user_roles ur join sites s on s.id = ur.site_id
       where ur.user_id = 'user-crc.li' and s.sitecode = 'BJ01'
       on conflict do nothing`,
      [`user-${username}`],
    );
    const token = await h.loginAs(username, 'CRC', 'BJ01');
    users.push({ token, subjectid: subjects[i % subjects.length]! });
  }
  return users;
}

async function aeRows(h: Harness): Promise<number> {
  const rows = await h.db.query<{ n: number }>(
    `select count(*)::int as n from form_records where tid = 'AE'`,
  );
  return rows[0]?.n ?? 0;
}

interface Level {
  users: number;
  requestsPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  acknowledgedSaves: number;
  /** Acknowledged saves the database does not hold. */
  lostWrites: number;
  /** Rows of saves still in flight when the run stopped (written, the answer not counted). */
  inFlightSaves: number;
}

async function runLevel(h: Harness, urls: string[], users: SimUser[]): Promise<Level> {
  let acknowledged = 0;
  let next = 0;
  /** Every response time (ms), over all instances: exact percentiles. */
  const times: number[] = [];
  const before = await aeRows(h);
  const form = { visitnum: 'LOG', cycnum: 1, svnum: 1, tid: 'AE' };
  const instances = urls.map((url, i) =>
    autocannon({
      url,
      connections: Math.floor((users.length + urls.length - 1 - i) / urls.length),
      duration: SECONDS,
      timeout: 10,
      headers: { host: TEST_HOST, 'content-type': 'application/json', locale: 'en' },
      setupClient(client) {
        const user = users[next++ % users.length]!;
        client.on('response', (_status, _bytes, ms) => times.push(ms));
        const headers = {
          host: TEST_HOST,
          'content-type': 'application/json',
          token: user.token,
          locale: 'en',
        };
        const q = new URLSearchParams({ subjectid: user.subjectid, ...form, cycnum: '1', svnum: '1' });
        client.setRequests([
          {
            method: 'POST',
            path: serverPath(subjectList),
            headers,
            body: JSON.stringify({ page: 1, size: 20 }),
          },
          { method: 'GET', path: `${serverPath(dataInfo)}?${q.toString()}`, headers },
          {
            method: 'POST',
            path: serverPath(saveData),
            headers,
            setupRequest(req) {
              const body = {
                subjectid: user.subjectid,
                ...form,
                version: 1,
                values: AE,
                idempotencyKey: randomUUID(),
              };
              return { ...req, body: JSON.stringify(body) };
            },
            onResponse(status, body) {
              if (status === 200 && body.includes('"success":true')) acknowledged++;
            },
          },
          { method: 'GET', path: serverPath(heartBeat), headers },
        ]);
      },
    }),
  );
  const results = await Promise.all(instances);
  const after = await aeRows(h);
  const requests = results.reduce((n, r) => n + r.requests.total, 0);
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    Math.round((times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0) * 10) / 10;
  const seconds = Math.max(...results.map((r) => r.duration));
  return {
    users: users.length,
    requestsPerSec: Math.round(requests / seconds),
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    requests,
    errors: results.reduce((n, r) => n + r.errors, 0),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    timeouts: results.reduce((n, r) => n + r.timeouts, 0),
    acknowledgedSaves: acknowledged,
    lostWrites: Math.max(0, acknowledged - (after - before)),
    inFlightSaves: Math.max(0, after - before - acknowledged),
  };
}

async function main(): Promise<void> {
  const h = await startHarness({ logger: loggerOptions('error') });
  const apps: FastifyInstance[] = [h.app];
  try {
    for (let i = 1; i < INSTANCES; i++) {
      apps.push(
        await buildApp({
          db: h.db,
          now: h.clock.now,
          logger: loggerOptions('error'),
          rateLimits: TEST_RATE_LIMITS,
        }),
      );
    }
    const urls: string[] = [];
    for (const app of apps) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
    const max = Math.max(...USER_COUNTS);
    console.log(`database: ${h.db.kind}; instances: ${apps.length}; logging in ${max} users …`);
    const all = await makeUsers(h, max, 0);
    const levels: Level[] = [];
    for (const n of USER_COUNTS) {
      console.log(`${n} users for ${SECONDS} s …`);
      levels.push(await runLevel(h, urls, all.slice(0, n)));
    }
    console.log(`\nbench:load — ${h.db.kind}, ${apps.length} instance(s), ${SECONDS} s per level`);
    console.table(levels);
    console.log(
      'latencies in ms (every response of every connection); lostWrites = acknowledged saves − new AE rows',
    );
  } finally {
    // autocannon stops without waiting for its last requests: let them finish before the database closes
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    for (const app of apps.slice(1)) await app.close();
    await h.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
