/**
 * The casebook's visits and pages on the demo seed (docs/casebook-visits.md): visits added (hidden, unscheduled,
 * repeating cycles) and deleted only while empty, optional forms added and removed, marks set and lifted with a
 * reason of the dictionary, the visit audit trail — and every refusal (a role without the permission, a subject at
 * another site, a visit with data, a page already marked, a missing reason), each of which leaves the database
 * unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataInfo, saveData, updateData } from '../../../engine/api/data';
import {
  activeData,
  addNextVisit,
  checkActiveByCaseBook,
  checkDataCaseBook,
  delCurrentVisit,
  deleteVisit,
  disUnCollected,
  disUnHappen,
  hideTableList,
  hideVisitList,
  invalidationReason,
  saveVisit,
  tableList,
  updateVisitTable,
  visitAudit,
  visitList,
  type VisitRow,
} from '../../../engine/api/visits';
import { richDemoSubject } from '../../seed/forms';
import { startHarness, type Harness } from '../../test/harness';
import { APPEND_ONLY } from '../../test/appendOnly';

let h: Harness;
let crc: string;
let cra: string;
let dm: string;
let sponsor: string;
let rich: string;
/** BJ01 subjects in screening or enrolled without records or added visits: each test that writes takes its own. */
let fresh: string[] = [];

beforeAll(async () => {
  h = await startHarness({ logger: false });
  crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
  cra = await h.loginAs('cra.zhao', 'CRA', 'BJ01');
  dm = await h.loginAs('dm.chen', 'DM', 'BJ01');
  sponsor = await h.loginAs('sponsor.liu', 'SPONSOR', 'BJ01');
  rich = (await richDemoSubject(h.db, 'study-demo-001')) ?? '';
  const rows = await h.db.query<{ id: string }>(
    `select s.id from subjects s join sites si on si.id = s.site_id
     where si.sitecode = 'BJ01' and s.status in ('1', '2')
       and not exists (select 1 from form_records r where r.subject_id = s.id)
       and not exists (select 1 from subject_visits v where v.subject_id = s.id and v.added)
     order by s.subjid`,
  );
  fresh = rows.map((r) => r.id);
}, 120_000);
afterAll(() => h?.close());

function freshSubject(): string {
  const next = fresh.shift();
  if (!next) throw new Error('no fresh subjects left');
  return next;
}

/** Row counts and a digest of every table a visit change writes. */
async function state() {
  const rows = await h.db.query<Record<string, unknown>>(
    `select (select count(*)::int from subject_visits) as visits,
            (select count(*)::int from casebook_marks) as marks,
            (select count(*)::int from visit_audit) as audit,
            (select count(*)::int from form_records) as records,
            (select string_agg(md5(v::text), '' order by subject_id, visitnum, cycnum, svnum)
             from subject_visits v where added or extra_tids <> '{}') as added,
            (select string_agg(md5(m::text), '' order by subject_id, visitnum, cycnum, svnum, tid)
             from casebook_marks m) as marked`,
  );
  return rows[0]!;
}

async function unchanged(fn: () => Promise<void>) {
  const before = await state();
  await fn();
  expect(await state()).toEqual(before);
}

type Call = Awaited<ReturnType<Harness['call']>>;
function refusedWith(res: Call, msg: string, status = 200) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.success).toBe(false);
  expect(res.body.msg).toBe(msg);
}

function data<T>(res: { status: number; body: { success: boolean; msg: string; data?: unknown } }): T {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (!res.body.success) throw new Error(res.body.msg);
  return res.body.data as T;
}

const en = (token: string) => ({ token, locale: 'en' as const });

async function visits(token: string, subjectid: string): Promise<VisitRow[]> {
  return data(await h.call(visitList, { subjectid }, en(token)));
}

const visitKey = (v: { visitnum: string; cycnum: number; svnum: number }) =>
  `${v.visitnum}.${v.cycnum}.${v.svnum}`;

describe('the visit grid', () => {
  it('shows the demo subject with its added unscheduled visit, its marks and what a CRC may do', async () => {
    const list = await visits(crc, rich);
    const byKey = new Map(list.map((v) => [visitKey(v), v]));
    expect(byKey.get('UNS.1.1')).toMatchObject({ kind: 'unscheduled', added: true, mark: null });
    expect(byKey.get('UNS.1.1')!.actions).toEqual(
      expect.arrayContaining(['deleteVisit', 'addForm', 'uncollected', 'unoccurred', 'deactivate']),
    );
    expect(byKey.get('V4.1.1')!.mark).toMatchObject({
      mark: 'unoccurred',
      reasoncode: 'MISSED',
      reason: { en: 'Subject missed the visit' },
      realname: expect.any(String),
    });
    expect(byKey.get('V4.1.1')!.actions).toEqual(['activate']);
    // V1 has data: it may be invalidated, not marked not collected or not occurred; a scheduled visit is not deleted
    expect(byKey.get('V1.1.1')!.actions).toEqual(['deactivate']);
    const v3 = data<{ tid: string; mark: { mark: string } | null; actions: string[] }[]>(
      await h.call(tableList, { subjectid: rich, visitnum: 'V3' }, en(crc)),
    );
    expect(v3.find((f) => f.tid === 'LB')).toMatchObject({
      mark: { mark: 'uncollected' },
      actions: ['activate'],
    });
    expect(v3.find((f) => f.tid === 'VS')!.actions).toEqual(['uncollected', 'unoccurred', 'deactivate']);
  });

  it('read-only roles (monitor, data manager, sponsor) see the marks and may do nothing', async () => {
    for (const t of [cra, dm, sponsor]) {
      const list = await visits(t, rich);
      expect(list.find((v) => v.visitnum === 'V4')!.mark?.mark).toBe('unoccurred');
      expect(list.every((v) => v.actions.length === 0)).toBe(true);
      const hidden = data<{ allowed: boolean }>(await h.call(hideVisitList, { subjectid: rich }, en(t)));
      expect(hidden.allowed).toBe(false);
    }
  });

  it('lists the pages marked not collected and not occurred, and the dictionary of reasons', async () => {
    const uncollected = data<{ visitnum: string; tid: string; formname: unknown }[]>(
      await h.call(disUnCollected, { subjectid: rich }, en(crc)),
    );
    expect(uncollected.map((m) => `${m.visitnum}/${m.tid}`)).toEqual(['V3/LB']);
    const unoccurred = data<{ visitnum: string; tid: string; formname: unknown }[]>(
      await h.call(disUnHappen, { subjectid: rich }, en(crc)),
    );
    expect(unoccurred).toEqual([expect.objectContaining({ visitnum: 'V4', tid: '', formname: null })]);
    const reasons = data<{ code: string; needsText: boolean }[]>(
      await h.call(invalidationReason, {}, en(cra)),
    );
    expect(reasons.map((r) => r.code)).toContain('OTHER');
    expect(reasons.find((r) => r.code === 'OTHER')!.needsText).toBe(true);
  });
});

describe('adding and deleting visits', () => {
  it('offers hidden, repeating and unscheduled visits; adds a hidden one once, audited with its date', async () => {
    const subjectid = freshSubject();
    const offered = data<{ allowed: boolean; visits: { visitnum: string }[] }>(
      await h.call(hideVisitList, { subjectid }, en(crc)),
    );
    expect(offered.allowed).toBe(true);
    expect(offered.visits.map((v) => v.visitnum)).toEqual(['UNS', 'CYC', 'ET', 'FU']);
    const added = data<VisitRow>(
      await h.call(saveVisit, { subjectid, visitnum: 'ET', visitdate: '2026-02-20' }, en(crc)),
    );
    expect(added).toMatchObject({
      visitnum: 'ET',
      cycnum: 1,
      svnum: 1,
      visitdate: '2026-02-20',
      added: true,
    });
    const audit = data<{ action: string; visitnum: string; currentvalue: string | null; realname: string }[]>(
      await h.call(visitAudit, { subjectid }, en(cra)),
    );
    expect(audit).toEqual([
      expect.objectContaining({ action: 'addVisit', visitnum: 'ET', currentvalue: '2026-02-20' }),
    ]);
    const again = data<{ visits: { visitnum: string }[] }>(
      await h.call(hideVisitList, { subjectid }, en(crc)),
    );
    expect(again.visits.map((v) => v.visitnum)).toEqual(['UNS', 'CYC', 'FU']);
    await unchanged(async () => {
      refusedWith(
        await h.call(saveVisit, { subjectid, visitnum: 'ET', visitdate: null }, en(crc)),
        'This visit cannot be added here',
      );
      refusedWith(
        await h.call(saveVisit, { subjectid, visitnum: 'V1', visitdate: null }, en(crc)),
        'This visit cannot be added here',
      );
    });
  });

  it('numbers unscheduled visits as sub-visits and repeating ones as cycles; deletes only the last cycle', async () => {
    const subjectid = freshSubject();
    const first = data<VisitRow>(
      await h.call(saveVisit, { subjectid, visitnum: 'UNS', visitdate: null }, en(crc)),
    );
    const second = data<VisitRow>(
      await h.call(saveVisit, { subjectid, visitnum: 'UNS', visitdate: null }, en(crc)),
    );
    expect([visitKey(first), visitKey(second)]).toEqual(['UNS.1.1', 'UNS.1.2']);
    const c1 = data<VisitRow>(
      await h.call(saveVisit, { subjectid, visitnum: 'CYC', visitdate: null }, en(crc)),
    );
    expect(c1.actions).toEqual(expect.arrayContaining(['addNextVisit', 'deleteVisit']));
    const c2 = data<VisitRow>(await h.call(addNextVisit, { subjectid, visitnum: 'CYC' }, en(crc)));
    const c3 = data<VisitRow>(await h.call(addNextVisit, { subjectid, visitnum: 'CYC' }, en(crc)));
    expect([visitKey(c2), visitKey(c3)]).toEqual(['CYC.2.1', 'CYC.3.1']);
    const list = await visits(crc, subjectid);
    // only the last cycle may take a next one or be deleted (no deletion in the middle: spec §5)
    expect(list.find((v) => visitKey(v) === 'CYC.2.1')!.actions).not.toContain('delCurrentVisit');
    expect(list.find((v) => visitKey(v) === 'CYC.3.1')!.actions).toContain('delCurrentVisit');
    await unchanged(async () => {
      refusedWith(
        await h.call(deleteVisit, { subjectid, visitnum: 'CYC', cycnum: 2, svnum: 1 }, en(crc)),
        'Only a visit a user added can be deleted; of a repeating visit, only its last cycle',
      );
      refusedWith(
        await h.call(addNextVisit, { subjectid, visitnum: 'UNS' }, en(crc)),
        'This visit does not repeat',
      );
    });
    data(await h.call(delCurrentVisit, { subjectid, visitnum: 'CYC' }, en(crc)));
    data(await h.call(deleteVisit, { subjectid, visitnum: 'UNS', cycnum: 1, svnum: 1 }, en(crc)));
    const after = (await visits(crc, subjectid)).map(visitKey);
    expect(after).toEqual(expect.arrayContaining(['UNS.1.2', 'CYC.1.1', 'CYC.2.1']));
    expect(after).not.toContain('CYC.3.1');
    expect(after).not.toContain('UNS.1.1');
    const audit = data<{ action: string }[]>(await h.call(visitAudit, { subjectid }, en(crc)));
    expect(audit.map((a) => a.action)).toEqual([
      'addVisit',
      'addVisit',
      'addVisit',
      'addVisit',
      'addVisit',
      'deleteVisit',
      'deleteVisit',
    ]);
  });

  it('refuses to delete a visit with entered data or a mark, and a scheduled visit, changing nothing', async () => {
    const subjectid = freshSubject();
    const uns = data<VisitRow>(
      await h.call(saveVisit, { subjectid, visitnum: 'UNS', visitdate: null }, en(crc)),
    );
    const keys = { subjectid, visitnum: 'UNS', cycnum: 1, svnum: uns.svnum };
    const saved = await h.call(
      saveData,
      {
        ...keys,
        tid: 'VS',
        version: 1,
        values: { VSDAT: '2026-03-01', VSPOS: 'SITTING', SYSBP: '120', DIABP: '80' },
        idempotencyKey: 'visits-test-uns-vs-0001',
      },
      { token: crc },
    );
    expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
    expect((await visits(crc, subjectid)).find((v) => v.visitnum === 'UNS')!.actions).not.toContain(
      'deleteVisit',
    );
    await unchanged(async () => {
      refusedWith(
        await h.call(deleteVisit, keys, en(crc)),
        'This visit holds entered data or marks and cannot be deleted',
      );
      refusedWith(
        await h.call(deleteVisit, { subjectid, visitnum: 'V1', cycnum: 1, svnum: 1 }, en(crc)),
        'Only a visit a user added can be deleted; of a repeating visit, only its last cycle',
      );
    });
    const fu = data<VisitRow>(
      await h.call(saveVisit, { subjectid, visitnum: 'FU', visitdate: null }, en(crc)),
    );
    data(
      await h.call(
        activeData,
        {
          subjectid,
          visitnum: 'FU',
          cycnum: 1,
          svnum: fu.svnum,
          tid: '',
          action: 'unoccurred',
          reasoncode: 'MISSED',
        },
        en(crc),
      ),
    );
    await unchanged(async () => {
      refusedWith(
        await h.call(deleteVisit, { subjectid, visitnum: 'FU', cycnum: 1, svnum: 1 }, en(crc)),
        'This visit holds entered data or marks and cannot be deleted',
      );
    });
  });

  it("says 'no selectable visit name' when none is left", async () => {
    const subjectid = freshSubject();
    await h.db.query(`update visit_schedule set kind = 'hidden' where visitnum = 'UNS'`);
    try {
      for (const visitnum of ['UNS', 'CYC', 'ET', 'FU'])
        data(await h.call(saveVisit, { subjectid, visitnum, visitdate: null }, en(crc)));
      const left = data<{ visits: unknown[] }>(await h.call(hideVisitList, { subjectid }, en(crc)));
      expect(left.visits).toEqual([]);
      await unchanged(async () => {
        refusedWith(
          await h.call(saveVisit, { subjectid, visitnum: 'UNS', visitdate: null }, en(crc)),
          'No selectable visit name, cannot add visit',
        );
        const zh = await h.call(saveVisit, { subjectid, visitnum: 'UNS', visitdate: null }, { token: crc });
        expect(zh.body.msg).toBe('无可选择的访视名称，不能添加访视');
      });
    } finally {
      await h.db.query(`update visit_schedule set kind = 'unscheduled' where visitnum = 'UNS'`);
    }
  });

  it('refuses read-only roles (403), a subject at another site, a subject in a final state — changing nothing', async () => {
    const subjectid = freshSubject();
    await unchanged(async () => {
      for (const t of [cra, dm, sponsor]) {
        const res = await h.call(saveVisit, { subjectid, visitnum: 'ET', visitdate: null }, en(t));
        expect(res.status).toBe(403);
        expect((await h.call(addNextVisit, { subjectid, visitnum: 'CYC' }, en(t))).status).toBe(403);
        const del = await h.call(
          deleteVisit,
          { subjectid: rich, visitnum: 'UNS', cycnum: 1, svnum: 1 },
          en(t),
        );
        expect(del.status).toBe(403);
      }
      // crc.li holds CRC at SH01 too, but chose BJ01: an SH01 subject is not found
      refusedWith(
        await h.call(saveVisit, { subjectid: 'subj-sh01-0001', visitnum: 'ET', visitdate: null }, en(crc)),
        'No such subject at the sites of your role',
      );
      refusedWith(
        await h.call(
          activeData,
          {
            subjectid: 'subj-sh01-0001',
            visitnum: 'V1',
            cycnum: 1,
            svnum: 1,
            tid: 'VS',
            action: 'unoccurred',
            reasoncode: 'MISSED',
          },
          en(crc),
        ),
        'No such subject at the sites of your role',
      );
    });
    await h.db.query(`update subjects set status = '5' where id = $1`, [subjectid]);
    await unchanged(async () => {
      refusedWith(
        await h.call(saveVisit, { subjectid, visitnum: 'ET', visitdate: null }, en(crc)),
        "Visits and forms cannot be added in the subject's current state",
      );
    });
  });
});

describe('optional forms (add eCRF)', () => {
  it('adds an optional form to a visit and removes it while empty; refuses a form the visit may not hold', async () => {
    const subjectid = freshSubject();
    const keys = { subjectid, visitnum: 'V2', cycnum: 1, svnum: 1 };
    const offered = data<{ allowed: boolean; forms: { tid: string }[] }>(
      await h.call(hideTableList, keys, en(crc)),
    );
    expect(offered).toMatchObject({ allowed: true, forms: [{ tid: 'IE' }] });
    const forms = data<{ tid: string; optional: boolean; actions: string[] }[]>(
      await h.call(updateVisitTable, { ...keys, tid: 'IE', action: 'add' }, en(crc)),
    );
    expect(forms.map((f) => f.tid)).toEqual(['VS', 'LB', 'DA', 'IE']);
    expect(forms.find((f) => f.tid === 'IE')).toMatchObject({ optional: true });
    expect(forms.find((f) => f.tid === 'IE')!.actions).toContain('removeForm');
    await unchanged(async () => {
      refusedWith(
        await h.call(updateVisitTable, { ...keys, tid: 'IE', action: 'add' }, en(crc)),
        'This form cannot be added to this visit',
      );
      refusedWith(
        await h.call(updateVisitTable, { ...keys, tid: 'AE', action: 'add' }, en(crc)),
        'This form cannot be added to this visit',
      );
      refusedWith(
        await h.call(updateVisitTable, { ...keys, tid: 'VS', action: 'remove' }, en(crc)),
        'Only an added form without data or marks can be removed',
      );
      expect((await h.call(updateVisitTable, { ...keys, tid: 'IE', action: 'remove' }, en(cra))).status).toBe(
        403,
      );
    });
    const removed = data<{ tid: string }[]>(
      await h.call(updateVisitTable, { ...keys, tid: 'IE', action: 'remove' }, en(crc)),
    );
    expect(removed.map((f) => f.tid)).toEqual(['VS', 'LB', 'DA']);
    const audit = data<{ action: string; tid: string; formname: unknown }[]>(
      await h.call(visitAudit, { subjectid }, en(crc)),
    );
    expect(audit.map((a) => `${a.action}:${a.tid}`)).toEqual(['addForm:IE', 'removeForm:IE']);
  });
});

describe('marks', () => {
  it('marks a page not occurred with a reason, lists and audits it, and makes it valid again', async () => {
    const subjectid = freshSubject();
    const page = { subjectid, visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'LB' };
    const check = data<{ allowed: boolean; pages: number; entered: number }>(
      await h.call(checkDataCaseBook, { ...page, action: 'unoccurred' }, en(crc)),
    );
    expect(check).toMatchObject({ allowed: true, pages: 1, entered: 0 });
    const marked = data<{ mark: { mark: string; reasoncode: string; reasontext: string | null } }>(
      await h.call(
        activeData,
        { ...page, action: 'unoccurred', reasoncode: 'OTHER', reasontext: ' Lab closed ' },
        en(crc),
      ),
    );
    expect(marked.mark).toMatchObject({ mark: 'unoccurred', reasoncode: 'OTHER', reasontext: 'Lab closed' });
    const listed = data<{ tid: string }[]>(await h.call(disUnHappen, { subjectid }, en(cra)));
    expect(listed.map((m) => m.tid)).toEqual(['LB']);
    const active = data<{ allowed: boolean; mark: { mark: string } | null }>(
      await h.call(checkActiveByCaseBook, page, en(crc)),
    );
    expect(active).toMatchObject({ allowed: true, mark: { mark: 'unoccurred' } });
    await unchanged(async () => {
      const again = await h.call(
        activeData,
        { ...page, action: 'deactivate', reasoncode: 'ENTERED_IN_ERROR' },
        en(crc),
      );
      refusedWith(again, 'It is marked already; make it valid again first');
    });
    const lifted = data<{ mark: unknown }>(
      await h.call(activeData, { ...page, action: 'activate', reasoncode: 'NOT_APPLICABLE' }, en(crc)),
    );
    expect(lifted.mark).toBeNull();
    const audit = data<
      {
        action: string;
        originalvalue: string | null;
        currentvalue: string | null;
        reasontext: string | null;
      }[]
    >(await h.call(visitAudit, { subjectid }, en(crc)));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'mark', currentvalue: 'unoccurred', reasontext: 'Lab closed' }),
      expect.objectContaining({ action: 'unmark', originalvalue: 'unoccurred', reason: expect.anything() }),
    ]);
  });

  it('a whole visit: not collected only without data; its pages then follow the visit', async () => {
    const subjectid = freshSubject();
    const visit = { subjectid, visitnum: 'V3', cycnum: 1, svnum: 1, tid: '' };
    data(await h.call(activeData, { ...visit, action: 'uncollected', reasoncode: 'NOT_DONE' }, en(crc)));
    const forms = data<{ tid: string; actions: string[] }[]>(await h.call(tableList, visit, en(crc)));
    expect(forms.every((f) => f.actions.length === 0)).toBe(true);
    await unchanged(async () => {
      refusedWith(
        await h.call(
          activeData,
          { ...visit, tid: 'VS', action: 'unoccurred', reasoncode: 'MISSED' },
          en(crc),
        ),
        'The whole visit is marked; make the visit valid again first',
      );
    });
  });

  it('refuses, changing nothing: data entered, no or unknown reason, no text for OTHER, not marked, read-only roles', async () => {
    const page = { subjectid: rich, visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'VS' };
    const check = data<{ allowed: boolean; message: string; entered: number }>(
      await h.call(checkDataCaseBook, { ...page, action: 'uncollected' }, en(crc)),
    );
    expect(check).toMatchObject({ allowed: false, entered: 1 });
    expect(check.message).toMatch(/mark it invalid/);
    await unchanged(async () => {
      refusedWith(
        await h.call(activeData, { ...page, action: 'uncollected', reasoncode: 'NOT_DONE' }, en(crc)),
        check.message,
      );
      refusedWith(
        await h.call(activeData, { ...page, action: 'deactivate', reasoncode: 'NO_SUCH' }, en(crc)),
        'Please choose a reason',
      );
      refusedWith(
        await h.call(
          activeData,
          { ...page, action: 'deactivate', reasoncode: 'OTHER', reasontext: '  ' },
          en(crc),
        ),
        'Please describe the reason',
      );
      refusedWith(
        await h.call(activeData, { ...page, action: 'activate', reasoncode: 'NOT_DONE' }, en(crc)),
        'It is not marked: nothing to make valid again',
      );
      const noReason = await h.call(activeData, { ...page, action: 'deactivate' }, en(crc));
      expect(noReason.status).toBe(400);
      for (const t of [cra, dm, sponsor]) {
        const res = await h.call(
          activeData,
          { ...page, action: 'deactivate', reasoncode: 'ENTERED_IN_ERROR' },
          en(t),
        );
        expect(res.status).toBe(403);
        expect(res.body.msg).toBe('Your current role may not mark pages or visits');
      }
      refusedWith(
        await h.call(
          activeData,
          { ...page, tid: 'AE', action: 'deactivate', reasoncode: 'NOT_DONE' },
          en(crc),
        ),
        'The visit has no such form',
      );
    });
  });

  it('invalidates a page with data (deactivate) and the mark shows on the page', async () => {
    const page = { subjectid: rich, visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'DM' };
    data(
      await h.call(activeData, { ...page, action: 'deactivate', reasoncode: 'ENTERED_IN_ERROR' }, en(crc)),
    );
    const forms = data<{ tid: string; mark: { mark: string } | null; status: string }[]>(
      await h.call(tableList, page, en(cra)),
    );
    expect(forms.find((f) => f.tid === 'DM')).toMatchObject({ mark: { mark: 'invalid' }, status: '2' });
    data(await h.call(activeData, { ...page, action: 'activate', reasoncode: 'NOT_APPLICABLE' }, en(crc)));
  });

  it('a marked page takes no data (savedata and updatedata refused, read-only capabilities) until valid again', async () => {
    const subjectid = freshSubject();
    const page = { subjectid, visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'VS' };
    const values = { VSDAT: '2026-03-01', VSPOS: 'SITTING', SYSBP: '120', DIABP: '80' };
    data(await h.call(activeData, { ...page, tid: '', action: 'unoccurred', reasoncode: 'MISSED' }, en(crc)));
    const info = data<{ capabilities: string[] }>(await h.call(dataInfo, page, en(crc)));
    // read only for data (the review workflows' own capabilities, e.g. notes, may still be granted)
    expect(info.capabilities).toEqual(expect.arrayContaining(['view', 'audit']));
    expect(info.capabilities).not.toContain('enter');
    expect(info.capabilities).not.toContain('change');
    await unchanged(async () => {
      const saved = await h.call(
        saveData,
        { ...page, version: 1, values, idempotencyKey: 'visits-test-marked-0001' },
        en(crc),
      );
      expect(saved.body).toMatchObject({
        success: false,
        msg: 'This page is marked not collected, not occurred or invalid: data cannot be entered or changed; make it valid again first',
      });
    });
    data(
      await h.call(
        activeData,
        { ...page, tid: '', action: 'activate', reasoncode: 'NOT_APPLICABLE' },
        en(crc),
      ),
    );
    const saved = await h.call(
      saveData,
      { ...page, version: 1, values, idempotencyKey: 'visits-test-marked-0002' },
      en(crc),
    );
    expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
    // an entered page marked invalid: its record is not changed either
    data(
      await h.call(activeData, { ...page, action: 'deactivate', reasoncode: 'ENTERED_IN_ERROR' }, en(crc)),
    );
    const record = data<{ record: { recordid: string; rowversion: number } }>(
      await h.call(dataInfo, page, en(crc)),
    );
    await unchanged(async () => {
      const updated = await h.call(
        updateData,
        {
          recordid: record.record.recordid,
          rowversion: record.record.rowversion,
          version: 1,
          values: { ...values, SYSBP: '121' },
          reasons: { SYSBP: { code: null, text: 'Re-measured' } },
          idempotencyKey: 'visits-test-marked-0003',
        },
        en(crc),
      );
      expect(updated.body).toMatchObject({ success: false, msg: expect.stringMatching(/is marked/) });
    });
  });

  it('the visit audit trail and the marks are append-only / audited by the database', async () => {
    await expect(h.db.query('update visit_audit set reason_text = null')).rejects.toThrow(APPEND_ONLY);
    await expect(h.db.query('delete from visit_audit')).rejects.toThrow(APPEND_ONLY);
    const images = await h.db.query<{ n: number }>(
      `select count(*)::int as n from clinical_audit where table_name = 'casebook_marks'`,
    );
    expect(images[0]!.n).toBeGreaterThan(0);
  });
});
