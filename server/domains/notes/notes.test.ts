/**
 * Notes on the demo seed (issue 14): site staff add notes on items and pages of a saved record ('批注不为空' when the
 * item or the text is missing), monitors and data managers review them once; the item's note state (spec §4) and the
 * roles' note capabilities reach datainfo through the record hooks. Every refusal — wrong role, another site than the
 * chosen one, an unknown item or note, a second review — leaves the notes and their reviews unchanged, and the tables
 * refuse UPDATE, DELETE and TRUNCATE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataInfo } from '../../../engine/api/data';
import { PAGE_NOTE, piNoteList, savePINote } from '../../../engine/api/notes';
import { DEMO_SUBJECTS } from '../../seed/forms';
import { snapshotChanges, snapshotDb } from '../../test/dbSnapshot';
import { startHarness, type Harness } from '../../test/harness';
import { APPEND_ONLY } from '../../test/appendOnly';

let h: Harness;
let crc: string;
let pi: string;
let cra: string;
let dm: string;
let sponsor: string;
let coder: string;
/** subj-bj01-0001 V1 DM (saved by the seed). */
let dmRecord: string;
/** subj-sh01-0001 V1 DM: at SH01, outside every BJ01 session. */
let sh01Record: string;

async function recordOf(subjectId: string, visitnum: string, tid: string): Promise<string> {
  const rows = await h.db.query<{ id: string }>(
    `select id::text as id from form_records where subject_id = $1 and visitnum = $2 and tid = $3 and lineno = 1`,
    [subjectId, visitnum, tid],
  );
  if (!rows[0]) throw new Error(`no record ${subjectId} ${visitnum} ${tid}`);
  return rows[0].id;
}

beforeAll(async () => {
  h = await startHarness({ logger: false });
  crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
  pi = await h.loginAs('pi.wang', 'PI', 'BJ01');
  cra = await h.loginAs('cra.zhao', 'CRA', 'BJ01');
  dm = await h.loginAs('dm.chen', 'DM', 'BJ01');
  sponsor = await h.loginAs('sponsor.liu', 'SPONSOR', 'BJ01');
  coder = await h.loginAs('coder.zhou', 'CODER', 'BJ01');
  dmRecord = await recordOf(DEMO_SUBJECTS.entry, 'V1', 'DM');
  sh01Record = await recordOf(DEMO_SUBJECTS.sh01, 'V1', 'DM');
}, 120_000);
afterAll(() => h?.close());

/** Runs `fn` and checks that no table changed (dbSnapshot: every table's rows). */
async function unchanged(fn: () => Promise<void>) {
  const before = await snapshotDb(h.db);
  await fn();
  expect(snapshotChanges(before, await snapshotDb(h.db))).toEqual([]);
}

async function add(token: string, variable: string, text: string) {
  return h.call(savePINote, { recordid: dmRecord, action: 'add', variable, text }, { token, locale: 'en' });
}

const dmKeys = { subjectid: DEMO_SUBJECTS.entry, visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'DM' };

async function items(token: string) {
  const res = await h.call(dataInfo, dmKeys, { token });
  if (!res.body.success) throw new Error(res.body.msg);
  return res.body.data;
}

describe('notes', () => {
  let noteId = '';

  it('grants note.add to site staff and note.review to monitors and data managers, in datainfo', async () => {
    expect((await items(crc)).capabilities).toEqual(expect.arrayContaining(['note.add']));
    expect((await items(crc)).capabilities).not.toContain('note.review');
    expect((await items(pi)).capabilities).toContain('note.add');
    expect((await items(cra)).capabilities).toEqual(expect.arrayContaining(['note.review', 'sdv']));
    expect((await items(dm)).capabilities).toContain('note.review');
    expect((await items(dm)).capabilities).not.toContain('note.add');
    expect((await items(sponsor)).capabilities).not.toContain('note.add');
  });

  it('adds a note on an item as CRC: the row with who and when, the item shows "review" (2)', async () => {
    const before = await h.db.query<{ n: number }>('select count(*)::int as n from notes');
    const res = await add(crc, 'SEX', '  Sex confirmed with the ID card  ');
    if (!res.body.success) throw new Error(res.body.msg);
    expect(res.body.data).toMatchObject({
      notestate: 2,
      note: {
        recordid: dmRecord,
        variable: 'SEX',
        text: 'Sex confirmed with the ID card',
        username: 'crc.li',
        role: { en: expect.any(String) },
        review: null,
      },
    });
    noteId = res.body.data.note.noteid;
    expect((await h.db.query<{ n: number }>('select count(*)::int as n from notes'))[0]?.n).toBe(
      (before[0]?.n ?? 0) + 1,
    );
    expect((await items(cra)).items.SEX).toMatchObject({ datatype: 0, note: 2 });
  });

  it('adds a note on the page (@page); lists the record’s notes oldest first and by item', async () => {
    const res = await add(pi, PAGE_NOTE, 'Page checked against the source');
    expect(res.body.success).toBe(true);
    const all = await h.call(piNoteList, { recordid: dmRecord }, { token: sponsor });
    if (!all.body.success) throw new Error(all.body.msg);
    expect(all.body.data.map((n) => n.variable)).toEqual(['SEX', PAGE_NOTE]);
    const sex = await h.call(piNoteList, { recordid: dmRecord, variable: 'SEX' }, { token: cra });
    expect(sex.body.success && sex.body.data.map((n) => n.text)).toEqual(['Sex confirmed with the ID card']);
  });

  it("refuses an empty text or item with '批注不为空', an unknown item, and changes nothing", async () => {
    await unchanged(async () => {
      const empty = await h.call(
        savePINote,
        { recordid: dmRecord, variable: 'SEX', text: '   ' },
        { token: crc },
      );
      expect(empty.body).toMatchObject({ success: false, msg: '批注不为空' });
      const noVariable = await h.call(savePINote, { recordid: dmRecord, text: 'x' }, { token: crc });
      expect(noVariable.body).toMatchObject({ success: false, msg: '批注不为空' });
      const noText = await add(crc, 'SEX', '');
      expect(noText.body).toMatchObject({ success: false, msg: 'The note needs an item and a text' });
      const unknown = await add(crc, 'NOSUCH', 'text');
      expect(unknown.body).toMatchObject({ success: false, msg: 'The form has no such item' });
    });
  });

  it('refuses a role without the permission (403) and a record outside the chosen site, changing nothing', async () => {
    await unchanged(async () => {
      for (const token of [cra, dm, sponsor]) {
        const res = await add(token, 'SEX', 'not mine to write');
        expect(res.status).toBe(403);
        expect(res.body.msg).toBe('Your current role may not add notes');
      }
      const review = await h.call(
        savePINote,
        { recordid: dmRecord, action: 'review', noteid: noteId },
        { token: crc, locale: 'en' },
      );
      expect(review.status).toBe(403);
      const elsewhere = await h.call(
        savePINote,
        { recordid: sh01Record, variable: 'SEX', text: 'other site' },
        { token: crc, locale: 'en' },
      );
      expect(elsewhere.body).toMatchObject({
        success: false,
        msg: 'No such record at the sites of your role',
      });
      const listElsewhere = await h.call(piNoteList, { recordid: sh01Record }, { token: cra, locale: 'en' });
      expect(listElsewhere.body.success).toBe(false);
      const noPage = await h.call(piNoteList, { recordid: dmRecord }, { token: coder });
      expect(noPage.status).toBe(403);
    });
  });

  it('reviews a note once as CRA: the item shows "list" (1); a second review and an unknown note are refused', async () => {
    const res = await h.call(
      savePINote,
      { recordid: dmRecord, action: 'review', noteid: noteId, text: 'Seen in source' },
      { token: cra, locale: 'en' },
    );
    if (!res.body.success) throw new Error(res.body.msg);
    expect(res.body.data).toMatchObject({
      notestate: 1,
      note: { noteid: noteId, review: { comment: 'Seen in source', username: 'cra.zhao' } },
    });
    expect((await items(crc)).items.SEX).toMatchObject({ note: 1 });
    await unchanged(async () => {
      const again = await h.call(
        savePINote,
        { recordid: dmRecord, action: 'review', noteid: noteId },
        { token: dm, locale: 'en' },
      );
      expect(again.body).toMatchObject({ success: false, msg: 'This note has been reviewed already' });
      for (const noteid of ['999999', 'abc', undefined]) {
        const missing = await h.call(
          savePINote,
          { recordid: dmRecord, action: 'review', noteid },
          { token: dm, locale: 'en' },
        );
        expect(missing.body).toMatchObject({ success: false, msg: 'No such note' });
      }
    });
  });

  it('keeps notes and reviews append-only: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    await expect(h.db.query(`update notes set text = 'x'`)).rejects.toThrow(APPEND_ONLY);
    await expect(h.db.query(`delete from notes`)).rejects.toThrow(APPEND_ONLY);
    await expect(h.db.exec(`truncate notes cascade`)).rejects.toThrow(APPEND_ONLY);
    await expect(h.db.query(`update note_reviews set comment = 'x'`)).rejects.toThrow(APPEND_ONLY);
    await expect(h.db.query(`delete from note_reviews`)).rejects.toThrow(APPEND_ONLY);
  });
});
