/**
 * `npx tsx bench/queryCount.ts [--explain]`: the SQL each request of bench/load.ts's loop sends (subject list, open an
 * AE form, save an AE line, heartbeat), counted per request with the statement heads, on the tests' database (PGlite,
 * or PostgreSQL with DATABASE_URL). With `--explain` on PostgreSQL, each statement of the loop that is not a
 * transaction command is run again under EXPLAIN (ANALYZE, BUFFERS) in a rolled-back transaction and its plan summary
 * printed (the slowest first). Numbers of statements and plans, not times: docs/load.md "Where the time goes".
 */
import { randomUUID } from 'node:crypto';
import { serverPath, type EndpointDef } from '../engine/api/endpoint';
import { changeSiteRole, heartBeat, login, loginFront } from '../engine/api/session';
import { dataInfo, saveData } from '../engine/api/data';
import { subjectList } from '../engine/api/subjects';
import { buildApp } from '../server/core/app';
import type { Db } from '../server/core/db/db';
import { loggerOptions } from '../server/core/logging';
import { TEST_HOST, TEST_RATE_LIMITS, queryString } from '../server/test/harness';
import { TEST_PASSWORD, openTestDb } from '../server/test/testDb';

interface Statement {
  sql: string;
  params: unknown[];
}

/** `db` with every statement (in transactions too) appended to `log`. */
function counting(db: Db, log: Statement[]): Db {
  return {
    kind: db.kind,
    query: (sql, params = []) => {
      log.push({ sql, params });
      return db.query(sql, params);
    },
    exec: (sql) => {
      log.push({ sql, params: [] });
      return db.exec(sql);
    },
    transaction: (fn) => db.transaction((tx) => fn(counting(tx, log))),
    close: () => db.close(),
  };
}

const head = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 110);

async function main(): Promise<void> {
  const explain = process.argv.includes('--explain');
  const t = await openTestDb();
  const log: Statement[] = [];
  const app = await buildApp({
    db: counting(t.db, log),
    logger: loggerOptions('error'),
    rateLimits: TEST_RATE_LIMITS,
  });
  try {
    const send = async (
      def: EndpointDef<never, unknown>,
      params: Record<string, unknown>,
      token?: string,
    ) => {
      const inQuery = def.method === 'GET';
      const res = await app.inject({
        method: def.method,
        url: `${serverPath(def)}?${queryString(inQuery ? { ...params, time: 1 } : { time: 1 })}`,
        headers: { host: TEST_HOST, locale: 'en', ...(token ? { token } : {}) },
        ...(inQuery ? {} : { payload: params }),
      });
      const body = res.json<{ success: boolean; msg: string; data: { token?: string } }>();
      if (!body.success) throw new Error(`${serverPath(def)}: ${body.msg}`);
      return body.data;
    };
    const token = (await send(loginFront as never, { username: 'crc.li', password: TEST_PASSWORD })).token!;
    await send(login as never, {}, token);
    const [ids] = await t.db.query<{ roleid: string; siteid: string }>(
      `select r.id as roleid, s.id as siteid from roles r, sites s where r.rolecode = 'CRC' and s.sitecode = 'BJ01'`,
    );
    await send(changeSiteRole as never, { ...ids }, token);
    const [subject] = await t.db.query<{ id: string }>(
      `select s.id from subjects s join sites t on t.id = s.site_id where t.sitecode = 'BJ01' order by s.id limit 1`,
    );
    const form = { subjectid: subject!.id, visitnum: 'LOG', cycnum: 1, svnum: 1, tid: 'AE' };
    const ae = {
      AETERM: 'Headache',
      AESTDAT: '2026-02-20',
      AEONGO: 'Y',
      AESEV: 'MILD',
      AESER: 'N',
      AEREL: 'NOT RELATED',
      AEACN: 'NOT APPLICABLE',
      AEOUT: 'RECOVERING/RESOLVING',
    };
    const loop: [string, () => Promise<unknown>][] = [
      ['subjectlist.do', () => send(subjectList as never, { page: 1, size: 20 }, token)],
      ['datainfo.do', () => send(dataInfo as never, form, token)],
      [
        'savedata.do',
        () =>
          send(saveData as never, { ...form, version: 1, values: ae, idempotencyKey: randomUUID() }, token),
      ],
      ['heartBeat.do', () => send(heartBeat as never, {}, token)],
    ];
    const perRequest: [string, Statement[]][] = [];
    // twice: the second round shows what caches save (the first request of a process fills them)
    for (const round of [1, 2]) {
      for (const [name, run] of loop) {
        log.length = 0;
        await run();
        if (round === 2) perRequest.push([name, [...log]]);
      }
    }
    console.log(`database: ${t.db.kind}; statements per request (second round of the load loop)\n`);
    for (const [name, statements] of perRequest) {
      console.log(`${name}: ${statements.length} statements`);
      for (const s of statements) console.log(`    ${head(s.sql)}`);
    }
    if (explain && t.db.kind === 'postgres') {
      const plans: { name: string; ms: number; sql: string; plan: string }[] = [];
      for (const [name, statements] of perRequest) {
        for (const s of statements) {
          if (/^\s*(begin|commit|rollback|set |select set_config|savepoint|release)/i.test(s.sql)) continue;
          try {
            await t.owner.transaction(async (tx) => {
              const rows = await tx.query<{ 'QUERY PLAN': string }>(
                `explain (analyze, buffers, format text) ${s.sql}`,
                s.params,
              );
              const text = rows.map((r) => r['QUERY PLAN']).join('\n');
              const ms = Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? 0);
              plans.push({ name, ms, sql: head(s.sql), plan: text });
              throw new Error('rollback');
            });
          } catch (err) {
            if (!(err instanceof Error && err.message === 'rollback')) {
              plans.push({ name, ms: -1, sql: head(s.sql), plan: String(err) });
            }
          }
        }
      }
      plans.sort((a, b) => b.ms - a.ms);
      console.log('\nEXPLAIN ANALYZE, slowest first');
      for (const p of plans.slice(0, 8)) {
        console.log(`\n--- ${p.name} ${p.ms} ms: ${p.sql}\n${p.plan}`);
      }
      console.log('\nall:');
      for (const p of plans)
        console.log(`${p.ms.toFixed(3).padStart(8)} ms  ${p.name}  ${p.sql.slice(0, 90)}`);
    }
  } finally {
    await app.close();
    await t.cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
