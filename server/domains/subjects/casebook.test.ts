/**
 * The casebook's subject endpoints on the demo seed: adding a subject (sites, versions, number check, save), its
 * base info and registration changes with reasons, the workflow, the audit trail — and every refusal (wrong role,
 * another site than the chosen one, duplicate number, number off the pattern, missing reason, unknown versions,
 * transitions not allowed or not permitted, stale reads), each of which leaves the database unchanged.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  changeWorkflow,
  checkSubject,
  getCrfVer,
  getProtover,
  saveSubject,
  sitecodeList,
  subjectBase,
  subjectInfo,
  updateInfo,
  updateSubject,
  type SubjectRow,
} from '../../../engine/api/subjects';
import { startHarness, type Harness } from '../../test/harness';
import { APPEND_ONLY } from '../../test/appendOnly';

let h: Harness;
let crc: string;
let pi: string;
let cra: string;
let dm: string;
let sponsor: string;
let crcBos: string;
let bj01: string;
let sh01: string;

beforeAll(async () => {
  h = await startHarness({ logger: false });
  crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
  pi = await h.loginAs('pi.wang', 'PI', 'BJ01');
  cra = await h.loginAs('cra.zhao', 'CRA', 'BJ01');
  dm = await h.loginAs('dm.chen', 'DM', 'BJ01');
  sponsor = await h.loginAs('sponsor.liu', 'SPONSOR', 'BJ01');
  crcBos = await h.loginAs('crc.smith', 'CRC', 'BOS01');
  bj01 = (await h.ids('CRC', 'BJ01')).siteid;
  sh01 = (await h.ids('CRC', 'SH01')).siteid;
});
afterAll(() => h?.close());

/** Row counts of every table a subject change writes. */
async function counts() {
  const rows = await h.db.query<{ subjects: number; audit: number; version: string }>(
    `select (select count(*)::int from subjects) as subjects, (select count(*)::int from subject_audit) as audit,
            (select string_agg(md5(s::text), '' order by id) from subjects s) as version`,
  );
  return rows[0]!;
}

/** Runs `fn` and checks that nothing was written. */
async function unchanged(fn: () => Promise<void>) {
  const before = await counts();
  await fn();
  expect(await counts()).toEqual(before);
}

const newSubject = (subjid: string, extra: Record<string, unknown> = {}) => ({
  siteid: bj01,
  subjid,
  protover: 'PROT-2.0',
  crfver: 'CRF-1.1',
  initials: 'ZQ',
  sex: 'F',
  birthdate: '1980-04-02',
  ...extra,
});

async function add(token: string, subjid: string, extra: Record<string, unknown> = {}): Promise<SubjectRow> {
  const res = await h.call(saveSubject, newSubject(subjid, extra), { token, locale: 'en' });
  if (!res.body.success) throw new Error(res.body.msg);
  return res.body.data;
}

async function base(token: string, subjectid: string) {
  const res = await h.call(subjectBase, { subjectid }, { token, locale: 'en' });
  if (!res.body.success) throw new Error(res.body.msg);
  return res.body.data;
}

let seq = 100;
/** A free number of the pattern at BJ01. */
const nextFree = () => `BJ01-${String(++seq).padStart(4, '0')}`;

describe('adding a subject', () => {
  it('offers the chosen site with its pattern and the next number to CRC and PI; none to read-only roles', async () => {
    const res = await h.call(sitecodeList, {}, { token: crc });
    expect(res.body.success && res.body.data).toEqual([
      {
        siteid: bj01,
        sitecode: 'BJ01',
        sitename: 'Beijing Demo Hospital',
        pattern: '{sitecode}-{seq:4}',
        nextsubjid: 'BJ01-0031',
      },
    ]);
    expect((await h.call(sitecodeList, {}, { token: pi })).body.data).toHaveLength(1);
    for (const token of [cra, dm, sponsor]) {
      const refused = await h.call(sitecodeList, {}, { token });
      expect(refused.body.success && refused.body.data).toEqual([]);
    }
  });

  it("lists the study's protocol and eCRF versions, the current one marked", async () => {
    const prot = await h.call(getProtover, {}, { token: crc });
    expect(prot.body.success && prot.body.data.map((v) => [v.id, v.current])).toEqual([
      ['PROT-1.0', false],
      ['PROT-2.0', true],
    ]);
    const crf = await h.call(getCrfVer, {}, { token: cra });
    expect(crf.body.success && crf.body.data.find((v) => v.current)?.id).toBe('CRF-1.1');
  });

  it('checks a number as typed: free, taken (in any site of the study), off the pattern', async () => {
    const check = async (subjid: string, siteid = bj01) => {
      const res = await h.call(checkSubject, { siteid, subjid }, { token: crc, locale: 'en' });
      expect(res.status).toBe(200);
      if (!res.body.success) throw new Error(res.body.msg);
      return res.body.data;
    };
    expect(await check('BJ01-0031')).toEqual({ subjid: 'BJ01-0031', result: 'ok', message: null });
    expect(await check('BJ01-0001')).toMatchObject({
      result: 'duplicate',
      message: 'Subject number BJ01-0001 already exists',
    });
    expect(await check('BJ01-31')).toMatchObject({ result: 'pattern' });
    expect((await check('SH01-0099')).message).toContain('{sitecode}-{seq:4} (e.g. BJ01-0001)');
    // at another site than the chosen one: refused
    const elsewhere = await h.call(checkSubject, { siteid: sh01, subjid: 'SH01-0099' }, { token: crc });
    expect(elsewhere.status).toBe(403);
  });

  it('saves a subject in screening with its versions, audits its creation, and proposes the next number', async () => {
    const before = await counts();
    const row = await add(crc, 'BJ01-0031');
    expect(row).toMatchObject({
      subjid: 'BJ01-0031',
      sitecode: 'BJ01',
      status: '1',
      initials: 'ZQ',
      sex: 'F',
      visitcount: 0,
    });
    expect(row.age).toBeGreaterThan(40);
    const after = await counts();
    expect(after.subjects).toBe(before.subjects + 1);
    const b = await base(crc, row.subjectid);
    expect(b.protover.id).toBe('PROT-2.0');
    expect(b.crfver.id).toBe('CRF-1.1');
    expect(b.audit.map((a) => [a.action, a.field, a.originalvalue, a.currentvalue])).toEqual([
      ['create', 'subjid', null, 'BJ01-0031'],
      ['create', 'siteid', null, 'BJ01'],
      ['create', 'protover', null, 'PROT-2.0'],
      ['create', 'crfver', null, 'CRF-1.1'],
      ['create', 'status', null, '1'],
      ['create', 'initials', null, 'ZQ'],
      ['create', 'sex', null, 'F'],
      ['create', 'birthdate', null, '1980-04-02'],
    ]);
    expect(b.audit[0]).toMatchObject({
      username: 'crc.li',
      sitecode: 'BJ01',
      role: { en: 'Clinical research coordinator' },
      at: h.clock.now().toISOString(),
    });
    const next = await h.call(sitecodeList, {}, { token: crc });
    expect(next.body.success && next.body.data[0]?.nextsubjid).toBe('BJ01-0032');
    // the list shows it
    const info = await h.call(subjectInfo, { subjectid: row.subjectid }, { token: cra });
    expect(info.body.success).toBe(true);
  });

  describe('refusals change nothing', () => {
    it('read-only roles (monitor, data manager, sponsor): 403', async () => {
      for (const token of [cra, dm, sponsor]) {
        await unchanged(async () => {
          const res = await h.call(saveSubject, newSubject(nextFree()), { token, locale: 'en' });
          expect(res.status).toBe(403);
          expect(res.body.msg).toBe('Your current role may not add subjects');
        });
      }
    });

    it('a site other than the chosen one (one the user holds a role at, or not): 403', async () => {
      await unchanged(async () => {
        const res = await h.call(saveSubject, newSubject('SH01-0099', { siteid: sh01 }), {
          token: crc,
          locale: 'en',
        });
        expect(res.status).toBe(403);
        expect(res.body.msg).toBe('Subjects can only be added at the site you chose');
        const bos = await h.call(saveSubject, newSubject('BJ01-0099'), { token: crcBos, locale: 'en' });
        expect(bos.status).toBe(403);
      });
    });

    it('a duplicate number, a number off the pattern, unknown versions: success:false with the reason', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [newSubject('BJ01-0001'), 'Subject number BJ01-0001 already exists'],
        [newSubject('BJ01-31'), 'The subject number must follow {sitecode}-{seq:4} (e.g. BJ01-0001)'],
        [newSubject('SH01-0100'), 'The subject number must follow {sitecode}-{seq:4} (e.g. BJ01-0001)'],
        [newSubject(nextFree(), { protover: 'PROT-9' }), 'No such protocol version'],
        [newSubject(nextFree(), { crfver: 'CRF-9' }), 'No such eCRF version'],
      ];
      for (const [params, msg] of cases) {
        await unchanged(async () => {
          const res = await h.call(saveSubject, params, { token: crc, locale: 'en' });
          expect(res.status).toBe(200);
          expect(res.body).toMatchObject({ success: false, msg });
        });
      }
    });

    it('malformed input (no number, a bad date, a sex outside the code list): 400', async () => {
      for (const params of [
        newSubject(''),
        newSubject(nextFree(), { birthdate: '02/04/1980' }),
        newSubject(nextFree(), { sex: 'X' }),
      ]) {
        await unchanged(async () => {
          expect((await h.call(saveSubject, params, { token: crc })).status).toBe(400);
        });
      }
    });

    it('messages in Chinese by default', async () => {
      const res = await h.call(saveSubject, newSubject('BJ01-0001'), { token: crc });
      expect(res.body.msg).toBe('受试者编号 BJ01-0001 已存在');
    });
  });
});

describe('changing a subject', () => {
  let subject: SubjectRow;
  beforeEach(async () => {
    subject = await add(crc, nextFree());
  });

  const info = (s: SubjectRow, extra: Record<string, unknown> = {}) => ({
    subjectid: s.subjectid,
    updatedat: s.updatedat,
    initials: 'ZQL',
    sex: 'F',
    birthdate: '1980-04-02',
    age: 46,
    reason: 'Transcription error on the screening log',
    ...extra,
  });

  it('updateinfo.do changes base info; one audit row per changed field (old → new, reason, who, role, site, UTC)', async () => {
    h.clock.advance(60_000);
    const res = await h.call(updateInfo, info(subject), { token: crc, locale: 'en' });
    if (!res.body.success) throw new Error(res.body.msg);
    expect(res.body.data).toMatchObject({ initials: 'ZQL', age: 46 });
    const audit = (await base(pi, subject.subjectid)).audit.filter((a) => a.action === 'update');
    expect(audit.map((a) => [a.field, a.originalvalue, a.currentvalue, a.reason])).toEqual([
      ['initials', 'ZQ', 'ZQL', 'Transcription error on the screening log'],
      ['age', String(subject.age), '46', 'Transcription error on the screening log'],
    ]);
    expect(audit[0]).toMatchObject({ username: 'crc.li', sitecode: 'BJ01', at: h.clock.now().toISOString() });
  });

  it('updatesubject.do renumbers (free, on the pattern) and moves versions', async () => {
    const subjid = nextFree();
    const res = await h.call(
      updateSubject,
      {
        subjectid: subject.subjectid,
        updatedat: subject.updatedat,
        subjid,
        protover: 'PROT-1.0',
        crfver: 'CRF-1.1',
        reason: 'Wrong number',
      },
      { token: pi, locale: 'en' },
    );
    if (!res.body.success) throw new Error(res.body.msg);
    expect(res.body.data.subjid).toBe(subjid);
    const b = await base(crc, subject.subjectid);
    expect(b.protover.id).toBe('PROT-1.0');
    expect(b.audit.filter((a) => a.action === 'update').map((a) => [a.field, a.currentvalue])).toEqual([
      ['subjid', subjid],
      ['protover', 'PROT-1.0'],
    ]);
  });

  it('refuses, changing nothing: no reason, blank reason, no change, stale read, read-only role, duplicate or off-pattern number, unknown version', async () => {
    const stale = { ...subject, updatedat: '2020-01-01T00:00:00.000Z' };
    const reg = (extra: Record<string, unknown>) => ({
      subjectid: subject.subjectid,
      updatedat: subject.updatedat,
      subjid: subject.subjid,
      protover: 'PROT-2.0',
      crfver: 'CRF-1.1',
      reason: 'r',
      ...extra,
    });
    const cases: [
      () => Promise<{ status: number; body: { msg: string; success: boolean } }>,
      number,
      string,
    ][] = [
      [
        () => h.call(updateInfo, info(subject, { reason: '' }), { token: crc, locale: 'en' }),
        200,
        'Please give a reason for the change',
      ],
      [
        () => h.call(updateInfo, info(subject, { reason: '   ' }), { token: crc, locale: 'en' }),
        200,
        'Please give a reason for the change',
      ],
      [
        () =>
          h.call(updateInfo, info(subject, { initials: 'ZQ', age: subject.age }), {
            token: crc,
            locale: 'en',
          }),
        200,
        'No need to save: nothing was changed',
      ],
      [
        () => h.call(updateInfo, info(stale), { token: crc, locale: 'en' }),
        200,
        'This subject was changed meanwhile; please reload it and try again',
      ],
      [
        () => h.call(updateInfo, info(subject), { token: cra, locale: 'en' }),
        403,
        'Your current role may not change subject information',
      ],
      [
        () => h.call(updateInfo, info(subject), { token: crcBos, locale: 'en' }),
        200,
        'No such subject at the sites of your role',
      ],
      [
        () => h.call(updateSubject, reg({ subjid: 'BJ01-0001' }), { token: crc, locale: 'en' }),
        200,
        'Subject number BJ01-0001 already exists',
      ],
      [
        () => h.call(updateSubject, reg({ subjid: 'X-1' }), { token: crc, locale: 'en' }),
        200,
        'The subject number must follow {sitecode}-{seq:4} (e.g. BJ01-0001)',
      ],
      [
        () => h.call(updateSubject, reg({ protover: 'nope' }), { token: crc, locale: 'en' }),
        200,
        'No such protocol version',
      ],
      [
        () => h.call(updateSubject, reg({ crfver: 'nope' }), { token: crc, locale: 'en' }),
        200,
        'No such eCRF version',
      ],
      [
        () => h.call(updateSubject, reg({ reason: '' }), { token: crc, locale: 'en' }),
        200,
        'Please give a reason for the change',
      ],
      [
        () => h.call(updateSubject, reg({}), { token: dm, locale: 'en' }),
        403,
        'Your current role may not change subject information',
      ],
    ];
    for (const [call, status, msg] of cases) {
      await unchanged(async () => {
        const res = await call();
        expect(res.status, msg).toBe(status);
        expect(res.body).toMatchObject({ success: false, msg });
      });
    }
  });

  it('the subject audit trail refuses UPDATE and DELETE', async () => {
    await expect(h.db.query('update subject_audit set reason = $1', ['x'])).rejects.toThrow(APPEND_ONLY);
    await expect(h.db.query('delete from subject_audit')).rejects.toThrow(APPEND_ONLY);
  });
});

describe('the workflow', () => {
  const move = (token: string, s: SubjectRow, status: string, reason = 'per protocol') =>
    h.call(
      changeWorkflow,
      { subjectid: s.subjectid, updatedat: s.updatedat, status, reason },
      { token, locale: 'en' },
    );

  async function moved(token: string, s: SubjectRow, status: string): Promise<SubjectRow> {
    const res = await move(token, s, status);
    if (!res.body.success) throw new Error(res.body.msg);
    expect(res.body.data.status).toBe(status);
    return res.body.data;
  }

  it('screening → enrolled (dated, UTC day) → completed, as CRC; each audited with its reason', async () => {
    const s = await add(crc, nextFree());
    expect((await base(crc, s.subjectid)).transitions).toEqual(['2', '5']);
    const enrolled = await moved(crc, s, '2');
    expect(enrolled.enrolldate).toBe(h.clock.now().toISOString().slice(0, 10));
    expect((await base(crc, s.subjectid)).transitions).toEqual(['3']); // CRC may not withdraw
    expect((await base(pi, s.subjectid)).transitions).toEqual(['3', '4']);
    await moved(crc, enrolled, '3');
    const b = await base(crc, s.subjectid);
    expect(b.transitions).toEqual([]);
    expect(b.capabilities).not.toContain('changeStatus');
    expect(
      b.audit
        .filter((a) => a.action === 'status')
        .map((a) => [a.field, a.originalvalue, a.currentvalue, a.reason]),
    ).toEqual([
      ['status', '1', '2', 'per protocol'],
      ['enrolldate', null, enrolled.enrolldate, 'per protocol'],
      ['status', '2', '3', 'per protocol'],
    ]);
  });

  it('screening → screen failure (CRC); enrolled → withdrawn (PI only)', async () => {
    await moved(crc, await add(crc, nextFree()), '5');
    const enrolled = await moved(crc, await add(crc, nextFree()), '2');
    await unchanged(async () => {
      const res = await move(crc, enrolled, '4');
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('Your current role may not make this state change');
    });
    await moved(pi, enrolled, '4');
  });

  it('refuses, changing nothing: a transition the workflow has not, read-only roles, no reason, stale read', async () => {
    const s = await add(crc, nextFree());
    const cases: [() => ReturnType<typeof move>, number, string][] = [
      [() => move(crc, s, '3'), 200, "The subject's current state cannot change to the chosen one"],
      [() => move(crc, s, '1'), 200, "The subject's current state cannot change to the chosen one"],
      [() => move(cra, s, '2'), 403, 'Your current role may not make this state change'],
      [() => move(dm, s, '2'), 403, 'Your current role may not make this state change'],
      [() => move(sponsor, s, '2'), 403, 'Your current role may not make this state change'],
      [() => move(crc, s, '2', ''), 200, 'Please give a reason for the change'],
      [
        () => move(crc, { ...s, updatedat: '2020-01-01T00:00:00.000Z' }, '2'),
        200,
        'This subject was changed meanwhile; please reload it and try again',
      ],
    ];
    for (const [call, status, msg] of cases) {
      await unchanged(async () => {
        const res = await call();
        expect(res.status, msg).toBe(status);
        expect(res.body).toMatchObject({ success: false, msg });
      });
    }
    const bad = await move(crc, s, '9');
    expect(bad.status).toBe(400);
  });

  it('read-only roles see the subject base with no capabilities', async () => {
    const s = await add(crc, nextFree());
    for (const token of [cra, dm, sponsor]) {
      const b = await base(token, s.subjectid);
      // the data manager may abandon a subject (docs/casebook-batch.md), the monitor verify it (SDV), nothing else
      expect(b.capabilities).toEqual(token === dm ? ['abandon'] : token === cra ? ['sdvSubject'] : []);
      expect(b.transitions).toEqual([]);
    }
    const out = await h.call(subjectBase, { subjectid: s.subjectid }, { token: crcBos, locale: 'en' });
    expect(out.body).toMatchObject({ success: false, msg: 'No such subject at the sites of your role' });
  });
});
