/**
 * Two app instances on one test database (as two server processes on one PostgreSQL), logged in as the load loop's
 * user at the first subject of its site: for tests of what a process keeps across requests (a write by one instance,
 * or in SQL, must be seen by the next request of both).
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../core/app';
import { loggerOptions } from '../core/logging';
import { startHarness, TEST_RATE_LIMITS, type Harness } from './harness';
import { LOAD_USER } from './statementCount';

export interface TwoApps {
  h: Harness;
  other: FastifyInstance;
  token: string;
  subjectid: string;
  studyId: string;
  close(): Promise<void>;
}

export async function startTwoAppsAtLoadUser(): Promise<TwoApps> {
  const h = await startHarness();
  const other = await buildApp({
    db: h.db,
    now: h.clock.now,
    logger: loggerOptions('warn'),
    rateLimits: TEST_RATE_LIMITS,
  });
  const token = await h.loginAs(LOAD_USER.username, LOAD_USER.rolecode, LOAD_USER.sitecode);
  const [subject] = await h.db.query<{ id: string; study_id: string }>(
    `select s.id, s.study_id from subjects s join sites t on t.id = s.site_id where t.sitecode = $1 order by s.id limit 1`,
    [LOAD_USER.sitecode],
  );
  if (!subject) throw new Error(`no subject at ${LOAD_USER.sitecode}`);
  return {
    h,
    other,
    token,
    subjectid: subject.id,
    studyId: subject.study_id,
    async close() {
      await other.close();
      await h.close();
    },
  };
}
