/**
 * The SQL statements each request of bench/load.ts's loop sends (subject list, open an AE form, save an AE line,
 * heartbeat), counted in process: the app is given a database that appends every statement it sends (in
 * transactions too) to a log. BEGIN and COMMIT are the drivers' own and not counted. Used by bench/queryCount.ts
 * (the counts with the statements, `--explain` for their plans) and by statementCounts.test.ts (upper bounds, so that
 * a change adding statements to the hot path fails). docs/load.md "Where the time goes".
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { AnyObject } from '../../engine/schema';
import type { EndpointDef } from '../../engine/api/endpoint';
import { dataInfo, saveData } from '../../engine/api/data';
import { heartBeat } from '../../engine/api/session';
import { subjectList } from '../../engine/api/subjects';
import type { Db } from '../core/db/db';
import type { ServerConfigInput } from '../core/config';
import { startHarness, type Harness } from './harness';

export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * `db` with every statement it sends handed to `record`. A transaction's handle is wrapped once (nested transaction calls get
 * the same wrapper, as the drivers give the same handle), and says it is in a transaction (Db.inTransaction), so
 * that what the server remembers per transaction (rowLocks.ts) behaves as without the counter.
 */
export function countingDb(db: Db, record: (s: Statement) => void): Db {
  const counted: Db = {
    kind: db.kind,
    inTransaction: db.inTransaction === true,
    query: (sql, params = []) => {
      record({ sql, params });
      return db.query(sql, params);
    },
    exec: (sql) => {
      record({ sql, params: [] });
      return db.exec(sql);
    },
    transaction: (fn) =>
      db.inTransaction ? fn(counted) : db.transaction((tx) => fn(countingDb(tx, record))),
    close: () => db.close(),
  };
  return counted;
}

/** The AE line every save of the load loop enters (bench/load.ts). */
export const LOAD_AE_VALUES = {
  AETERM: 'Headache',
  AESTDAT: '2026-02-20',
  AEONGO: 'Y',
  AESEV: 'MILD',
  AESER: 'N',
  AEREL: 'NOT RELATED',
  AEACN: 'NOT APPLICABLE',
  AEOUT: 'RECOVERING/RESOLVING',
};

/** The form the load loop opens and saves to: the AE log of a subject. */
export const LOAD_FORM = { visitnum: 'LOG', cycnum: 1, svnum: 1, tid: 'AE' } as const;

/** The load loop's user: bench/load.ts's users are copies of this CRC at this site. */
export const LOAD_USER = { username: 'crc.li', rolecode: 'CRC', sitecode: 'BJ01' } as const;

export type LoadRequest = 'subjectlist.do' | 'datainfo.do' | 'savedata.do' | 'heartBeat.do';

export interface CountingRun {
  h: Harness;
  /** The statements each request of the loop sent, in the `round`-th pass of the loop (2: per-process caches warm). */
  perRequest(rounds?: number): Promise<[LoadRequest, Statement[]][]>;
  /** The statements `fn` sends through the app (e.g. a request of the loop's user with `token`), and its result. */
  counted<T>(fn: () => Promise<T>): Promise<{ result: T; statements: Statement[] }>;
  /** The loop user's session token and the AE log form it saves to. */
  token: string;
  form: { subjectid: string } & typeof LOAD_FORM;
  close(): Promise<void>;
}

/** A harness whose app counts its statements, logged in as the load loop's user, at its first subject of BJ01. */
export async function startCountingRun(config: ServerConfigInput = {}): Promise<CountingRun> {
  // a statement counts for the request in whose async context it is sent: not the job runner's polls, which run on
  // a timer of their own
  const current = new AsyncLocalStorage<Statement[]>();
  const h = await startHarness(config, {
    wrapDb: (db) => countingDb(db, (s) => current.getStore()?.push(s)),
  });
  const token = await h.loginAs(LOAD_USER.username, LOAD_USER.rolecode, LOAD_USER.sitecode);
  const [subject] = await h.db.query<{ id: string }>(
    `select s.id from subjects s join sites t on t.id = s.site_id where t.sitecode = $1 order by s.id limit 1`,
    [LOAD_USER.sitecode],
  );
  if (!subject) throw new Error(`no subject at ${LOAD_USER.sitecode}`);
  const form = { subjectid: subject.id, ...LOAD_FORM };
  const send = async (def: EndpointDef<AnyObject, unknown>, params: AnyObject) => {
    const res = await h.call(def, params, { token, locale: 'en' });
    if (!res.body.success) throw new Error(`${def.name}: ${res.body.msg}`);
  };
  const loop: [LoadRequest, () => Promise<void>][] = [
    ['subjectlist.do', () => send(subjectList as never, { page: 1, size: 20 })],
    ['datainfo.do', () => send(dataInfo as never, form)],
    [
      'savedata.do',
      () =>
        send(saveData as never, {
          ...form,
          version: 1,
          values: LOAD_AE_VALUES,
          idempotencyKey: randomUUID(),
        }),
    ],
    ['heartBeat.do', () => send(heartBeat as never, {})],
  ];
  return {
    h,
    async perRequest(rounds = 2) {
      const out: [LoadRequest, Statement[]][] = [];
      for (let round = 1; round <= rounds; round++) {
        for (const [name, run] of loop) {
          const log: Statement[] = [];
          await current.run(log, run);
          if (round === rounds) out.push([name, log]);
        }
      }
      return out;
    },
    async counted(fn) {
      const statements: Statement[] = [];
      const result = await current.run(statements, fn);
      return { result, statements };
    },
    token,
    form,
    close: () => h.close(),
  };
}
