/**
 * The number of SQL statements the load loop's requests send (docs/load.md "Where the time goes"), pinned as upper
 * bounds: a change that adds a statement to opening a form or saving one fails here and has to say why (and move
 * the bound). Counted as bench/queryCount.ts counts (server/test/statementCount.ts), the second round of the loop.
 * Before the request context (issue 15): form open 16, save 37 (PGlite; 38 with the activity write); stop 25: save 29.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startCountingRun,
  type CountingRun,
  type LoadRequest,
  type Statement,
} from '../../test/statementCount';

/** The bounds: today's counts. */
const MAX_STATEMENTS: Record<LoadRequest, number> = {
  // stop 25: 3 (scope, data and definition versions in one statement); stop 27: 2 (those versions read in the
  // session statement, the scope being its role check: the session statement and the page)
  'subjectlist.do': 2,
  // stop 26: 6 (the subject's scope and its visit in one statement, data/scope.ts scopedVisit); stop 29: 5 (the
  // study's code-list names kept per process at the code-list version read with the session, migration 0025); then
  // 4 (the latest version's number read with the subject and its visit, the schema kept per process)
  'datainfo.do': 4,
  // stop 26: 20 (the audit user named by the idempotency claim; the subject's scope and its visit in one statement; a
  // first entry reads no existing queries, coding term, notes, signature or freezes of the record it has just inserted)
  // stop 29: 19 (the form's code-list options kept per process at the code-list version read with the session)
  'savedata.do': 19,
  'heartBeat.do': 1,
};

const matching = (statements: Statement[], re: RegExp) => statements.filter((s) => re.test(s.sql)).length;

describe('statements per request of the load loop', () => {
  let run: CountingRun;
  let counts: Map<LoadRequest, Statement[]>;

  beforeAll(async () => {
    run = await startCountingRun();
    counts = new Map(await run.perRequest(2));
  });
  afterAll(async () => {
    await run.close();
  });

  it.each(Object.entries(MAX_STATEMENTS) as [LoadRequest, number][])(
    '%s sends at most %i statements',
    (request, max) => {
      const statements = counts.get(request) ?? [];
      expect(statements.length, statements.map((s) => s.sql.slice(0, 80)).join('\n')).toBeLessThanOrEqual(
        max,
      );
      expect(statements.length).toBeGreaterThan(0);
    },
  );

  it('stop 29: a form open reads the latest version number, not the schema (kept per process: versions never change)', () => {
    const open = counts.get('datainfo.do') ?? [];
    expect(matching(open, /from form_schemas/)).toBe(1);
    expect(matching(open, /\bschema\b.*from form_schemas/)).toBe(0);
  });

  it('reads the session, role, permissions and page once per request, in one statement', () => {
    for (const [, statements] of counts) {
      expect(matching(statements, /from sessions s join users u/)).toBe(1);
      // no other statement looks the role's grants up again (record hooks, services)
      expect(matching(statements, /role_permissions/)).toBeLessThanOrEqual(1);
      expect(matching(statements, /from user_roles where user_id/)).toBeLessThanOrEqual(1);
      expect(matching(statements, /from roles where id/)).toBe(0);
    }
  });

  it('stop 27: a session seen before reads its row and the access version only; its role, permissions and menus are kept', () => {
    for (const [request, statements] of counts) {
      const session = statements.filter((s) => /from sessions s join users u/.test(s.sql));
      expect(session, request).toHaveLength(1);
      if (request === 'heartBeat.do') continue; // no role endpoint: the session alone, no version
      expect(session[0]!.sql, request).toMatch(/from access_version/);
      expect(session[0]!.sql, request).not.toMatch(/role_permissions|user_roles|role_menus|from menus/);
      // and nothing else of the request reads them again
      expect(matching(statements, /role_permissions|role_menus/), request).toBe(0);
    }
    const list = counts.get('subjectlist.do') ?? [];
    // the list's data and definition versions are read by the session statement
    expect(
      list.filter((s) => /data_versions/.test(s.sql) && /from sessions s join users u/.test(s.sql)),
    ).toHaveLength(1);
    expect(matching(list, /data_versions/)).toBe(1);
    expect(matching(list, /user_roles/)).toBe(0);
  });

  it('reads the subject and its visit in one statement (form open and save)', () => {
    for (const request of ['datainfo.do', 'savedata.do'] as const) {
      const statements = counts.get(request) ?? [];
      expect(matching(statements, /from subjects s\s+left join lateral/)).toBe(1);
      expect(matching(statements, /^\s*select s\.id, s\.site_id as "siteId" from subjects s/)).toBe(0);
    }
  });

  it('locks the subject once per save and reads no user row', () => {
    const save = counts.get('savedata.do') ?? [];
    expect(matching(save, /from subjects where id = \$1 for update/)).toBe(1);
    expect(matching(save, /password_hash/)).toBe(0);
  });

  it('names the audit user in the idempotency claim, and a first entry reads nothing of its own new record', () => {
    const save = counts.get('savedata.do') ?? [];
    expect(matching(save, /set_config\('edc\.user_id'/)).toBe(1);
    expect(matching(save, /^\s*insert into save_requests[\s\S]*set_config\('edc\.user_id'/)).toBe(1);
    // the query hook's existing queries, the coding hook's stored term, the signature item state
    expect(matching(save, /from queries where record_id = \$1::bigint and variable = any/)).toBe(0);
    expect(matching(save, /check_id as "checkId"/)).toBe(0);
    expect(matching(save, /select id::text as id, verbatim/)).toBe(0);
    expect(matching(save, /signer_name/)).toBe(0);
    expect(matching(save, /from notes n/)).toBe(0);
    // the freeze guard's one read of freezes (before the write), none for the item states
    expect(matching(save, /from form_records r where r.id = \$1::bigint and r.study_id/)).toBe(0);
    expect(matching(save, /from freezes f/)).toBe(1);
    // what the save still reads after its hooks: the queries and coding terms they may have written
    expect(matching(save, /select variable, status, modified from queries/)).toBe(1);
    expect(matching(save, /select id::text as termid/)).toBe(1);
  });
});
