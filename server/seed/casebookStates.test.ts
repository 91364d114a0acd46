/**
 * The demo seed's transferred and abandoned subjects (fixtures/seed/casebookStates.json): the transfer shows in both
 * sites' transfer list and in the subject's audit trail at its new site; the abandoned subject is out of its site's
 * list and pages while its row and audit row stay; the top-up writes them into an older directory, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transferList } from '../../engine/api/subjectManagement';
import { subjectBase, subjectList } from '../../engine/api/subjects';
import { startHarness, type Harness } from '../test/harness';
import { hasCasebookStates, loadCasebookStatesSeed, seedCasebookStates } from './casebookStates';

let h: Harness;
const STUDY = 'study-demo-001';

beforeAll(async () => {
  h = await startHarness({ logger: false });
});
afterAll(() => h?.close());

describe('the demo seed: a transferred and an abandoned subject', () => {
  it('SH01-0012 was moved to BOS01 by a data manager: both sites see the move, the audit trail keeps it', async () => {
    const seed = await loadCasebookStatesSeed();
    expect(seed.transfers[0]?.subjid).toBe('SH01-0012');
    for (const site of ['SH01', 'BOS01']) {
      const token = await h.loginAs('dm.chen', 'DM', site);
      const res = await h.call(transferList, { page: 1, size: 20 }, { token });
      expect(
        res.body.success && res.body.data.list.map((r) => [r.subjid, r.fromsite, r.tosite]),
        site,
      ).toEqual([['SH01-0012', 'SH01', 'BOS01']]);
    }
    const token = await h.loginAs('crc.smith', 'CRC', 'BOS01');
    const base = await h.call(subjectBase, { subjectid: 'subj-sh01-0012' }, { token });
    expect(base.body.success).toBe(true);
    const trail = base.body.success ? base.body.data.audit : [];
    expect(trail.find((a) => a.field === 'siteid')).toMatchObject({
      originalvalue: 'SH01',
      currentvalue: 'BOS01',
      sitecode: 'SH01',
    });
    const records = await h.db.query<{ n: number }>(
      `select count(*)::int as n from form_records where subject_id = 'subj-sh01-0012' and site_id <> 'site-bos01'`,
    );
    expect(records[0]?.n).toBe(0);
  });

  it('BOS01-0017 is abandoned: out of the list and its page, its row and audit row kept', async () => {
    const token = await h.loginAs('crc.smith', 'CRC', 'BOS01');
    const list = await h.call(subjectList, { page: 1, size: 100 }, { token });
    const subjids = list.body.success ? list.body.data.list.map((r) => r.subjid) : [];
    expect(subjids).toContain('BOS01-0016');
    expect(subjids).not.toContain('BOS01-0017');
    const page = await h.call(subjectBase, { subjectid: 'subj-bos01-0017' }, { token });
    expect(page.body.success).toBe(false);
    const audit = await h.db.query<{ reason: string }>(
      `select reason from subject_audit where subject_id = 'subj-bos01-0017' and field = 'abandoned'`,
    );
    expect(audit).toHaveLength(1);
  });

  it('is written once: seeding again changes nothing, and the top-up question says so', async () => {
    expect(await hasCasebookStates(h.db, STUDY)).toBe(true);
    const count = () =>
      h.db.query<{ t: number; a: number }>(
        `select (select count(*)::int from subject_transfers) as t, (select count(*)::int from subject_audit) as a`,
      );
    const before = await count();
    await h.db.transaction((tx) => seedCasebookStates(tx, STUDY, new Date()));
    expect(await count()).toEqual(before);
  });
});
