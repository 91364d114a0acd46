/**
 * The number of SQL statements the load loop's requests send (docs/load.md "Where the time goes"), pinned as upper
 * bounds: a change that adds a statement to opening a form or saving one fails here and has to say why (and move
 * the bound). Counted as bench/queryCount.ts counts (server/test/statementCount.ts), the second round of the loop.
 * Before the request context (issue 15): form open 16, save 37 (PGlite; 38 with the activity write); stop 25: save 29.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataInfo, saveData, updateData } from '../../../engine/api/data';
import {
  LOAD_AE_VALUES,
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
  // 4 (the latest version's number read with the subject and its visit, the schema kept per process); stop 30: 3
  // (the page's mark read in that statement too); stop 31: 2 (the freeze guard's read carried by it)
  'datainfo.do': 2,
  // stop 26: 20 (the audit user named by the idempotency claim; the subject's scope and its visit in one statement; a
  // first entry reads no existing queries, coding term, notes, signature or freezes of the record it has just inserted)
  // stop 29: 19 (the form's code-list options kept per process at the code-list version read with the session); then
  // 12 (the page mark, latest version and next line in one statement after the lock; the coding hook's five
  // statements two — the term inserted with its label and matches, then auto-coded with its history; the SDV, query
  // and coding item states in one statement); stop 30: 11 (a new term inserted coded to its one match with its
  // history, one statement). Round trips on PostgreSQL: 8 — BEGIN, the subject lock, the audit rows, the coding insert
  // and the stored outcome are sent without waiting (pipeline mode, sendInTransaction), with the next statement or the
  // commit; stop 31: 9 (the record's audit rows appended by the record's own insert, one statement; the freeze
  // guard's read carried by the page read under the lock). Round trips: 6 — the session; the claim with BEGIN and the
  // scope; the lock with the page read (and the freezes); the record with its audit rows; the coding term with the
  // item states; the outcome with the commit
  'savedata.do': 9,
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
    // the freeze guard's one read of freezes (before the write), none for the item states; stop 31: carried by the
    // page read under the subject lock, not a statement of its own
    expect(matching(save, /from form_records r where r.id = \$1::bigint and r.study_id/)).toBe(0);
    expect(matching(save, /from freezes f/)).toBe(1);
    expect(matching(save, /from freezes f[\s\S]*from casebook_marks/)).toBe(1);
    // what the save still reads after its hooks: the SDV plan, the queries and coding terms they may have written —
    // in one statement (stop 29)
    const states = save.filter((s) => /with recs as/.test(s.sql));
    expect(states).toHaveLength(1);
    expect(states[0]!.sql).toMatch(/from queries where record_id = p\.record_id and variable is not null/);
    expect(states[0]!.sql).toMatch(/from coding_terms where record_id = p\.record_id/);
    expect(matching(save, /from queries where record_id/)).toBe(1);
    expect(matching(save, /from coding_terms where record_id/)).toBe(1);
  });

  it('stop 31: a form open reads the freezes with its scope statement', () => {
    const open = counts.get('datainfo.do') ?? [];
    expect(matching(open, /from freezes f/)).toBe(1);
    expect(matching(open, /from freezes f[\s\S]*from subjects s/)).toBe(1);
  });

  it('stop 31: the record and its audit rows are written by one statement', () => {
    const save = counts.get('savedata.do') ?? [];
    expect(matching(save, /insert into data_audit/)).toBe(1);
    expect(matching(save, /insert into form_records[\s\S]*insert into data_audit/)).toBe(1);
  });

  it('stop 29: one read of the page after the lock; stop 30: the coding hook in one statement', () => {
    const save = counts.get('savedata.do') ?? [];
    const lock = save.findIndex((s) => /from subjects where id = \$1 for update/.test(s.sql));
    const page = save.findIndex((s) => /from casebook_marks/.test(s.sql));
    expect(page).toBe(lock + 1);
    expect(save[page]!.sql).toMatch(/max\(version\)[\s\S]*max\(lineno\)/);
    expect(matching(save, /from casebook_marks/)).toBe(1);
    expect(matching(save, /max\(version\)/)).toBe(1);
    // stop 30: the term inserted with its visit/form label and its dictionary matches, coded to its one match with
    // its history row, in one statement (before: inserted uncoded, then coded by a second); then the item states
    expect(matching(save, /coding_terms|coding_history|coding_dictionary_entries/)).toBe(2);
    expect(
      matching(
        save,
        /coding_dictionary_entries[\s\S]*insert into coding_terms[\s\S]*insert into coding_history/,
      ),
    ).toBe(1);
    expect(matching(save, /update coding_terms/)).toBe(0);
  });

  it('stop 29: a stored record read (datainfo.do) and changed (updatedata.do) read its item states in one statement', async () => {
    const { h, token, form } = run;
    const call = async <P extends object>(def: unknown, params: P) => {
      const res = await h.call(def as never, params as never, { token, locale: 'en' });
      const body = res.body as { success: boolean; msg?: string; data?: unknown };
      if (!body.success) throw new Error(body.msg);
      return body.data as {
        outcome: string;
        record: { recordid: string; lineno: number; rowversion: number };
        items: Record<string, unknown>;
      };
    };
    const saved = await call(saveData, {
      ...form,
      version: 1,
      values: LOAD_AE_VALUES,
      idempotencyKey: randomUUID(),
    });
    const read = await run.counted(() => call(dataInfo, { ...form, lineno: saved.record.lineno }));
    // before: 14 (the SDV, query, coding, note, signature states one statement each, the freeze state two)
    expect(read.statements.length).toBeLessThanOrEqual(8);
    // a change of the coded term to another that matches: reset with its history, auto-coded again
    const changed = await run.counted(() =>
      call(updateData, {
        recordid: saved.record.recordid,
        rowversion: saved.record.rowversion,
        version: 1,
        values: { ...LOAD_AE_VALUES, AETERM: 'Head pain' },
        reasons: { AETERM: { code: null, text: 'clarified' } },
        confirmWarnings: true,
        idempotencyKey: randomUUID(),
      }),
    );
    expect(changed.result.outcome).toBe('saved');
    // before: 30 (the page mark a statement of its own; the coding hook six; the item states seven)
    expect(changed.statements.length).toBeLessThanOrEqual(20);
    for (const statements of [read.statements, changed.statements]) {
      const states = statements.filter((s) => /from \(select \$1::bigint as record_id/.test(s.sql));
      expect(states).toHaveLength(1);
      for (const table of ['sdv_items', 'queries', 'coding_terms', 'notes', 'signatures', 'freezes'])
        expect(states[0]!.sql, table).toMatch(new RegExp(`from ${table}|join ${table}`));
      // besides it, only the freeze guard's own read of the page (datainfo's capabilities, the change's guard)
      expect(matching(statements, /from notes n|from signatures g|from freezes f/)).toBe(2);
    }
    // the change's answer is what the stored record now reads
    const after = await call(dataInfo, { ...form, lineno: saved.record.lineno });
    expect(changed.result.items).toEqual(after.items);
  });

  it('stop 29: on PostgreSQL every statement of the save keeps its cached plan (none planned again per save)', async () => {
    if (run.h.db.kind !== 'postgres') return;
    await run.perRequest(8);
    const save = new Set((counts.get('savedata.do') ?? []).map((s) => s.sql));
    // per connection (the pool has a few): the named statements' plan counts
    const seen = new Map<string, { generic: number; custom: number }>();
    for (let i = 0; i < 8; i++) {
      const rows = await run.h.db.query<{ statement: string; generic_plans: number; custom_plans: number }>(
        'select statement, generic_plans, custom_plans from pg_prepared_statements',
      );
      for (const r of rows) {
        if (!save.has(r.statement)) continue;
        const had = seen.get(r.statement);
        if (!had || r.generic_plans + r.custom_plans > had.generic + had.custom)
          seen.set(r.statement, { generic: Number(r.generic_plans), custom: Number(r.custom_plans) });
      }
    }
    const checked = [...seen].filter(([, n]) => n.generic + n.custom > 5);
    expect(checked.length).toBeGreaterThan(5);
    // a statement planned afresh every time (an unnest of array parameters did that) has no generic plan
    for (const [sql, n] of checked) expect(n.generic, sql.slice(0, 100)).toBeGreaterThan(0);
  });
});
