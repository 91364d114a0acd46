/**
 * List metadata and code lists: the definitions as stored (fixtures/lists/*.def.json), the user's choice of search
 * items (searchField/shown.do), code lists including the dynamic SITE list scoped to the role.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeList, searchFieldShown, selectColumns, selectSearchFields } from '../../../engine/api/lists';
import { SUBJECT_LIST_KEY } from '../../../engine/api/subjects';
import { defaultFieldTypes } from '../../../engine/fieldTypes/registry';
import { parseColumns } from '../../../engine/metadata/parseColumns';
import { parseSearchFields } from '../../../engine/metadata/parseSearchFields';
import { startHarness, type Harness } from '../../test/harness';

let h: Harness;
let crcLi: string;
let searchDef: Record<string, unknown>[];
let columnsDef: unknown[];

const readDef = async (file: string): Promise<unknown> =>
  JSON.parse(await readFile(new URL(`../../../fixtures/lists/${file}`, import.meta.url), 'utf8')) as unknown;

beforeAll(async () => {
  h = await startHarness({ logger: false });
  crcLi = await h.loginAs('crc.li', 'CRC', 'BJ01');
  searchDef = (await readDef('subjectSearchFields.def.json')) as Record<string, unknown>[];
  columnsDef = (await readDef('subjectColumns.def.json')) as unknown[];
});
afterAll(() => h?.close());

const shownOf = (data: unknown[]) =>
  Object.fromEntries((data as Record<string, unknown>[]).map((d) => [d.innerid, d.show ?? true]));

describe('definitions', () => {
  it('answers the seeded search fields and columns as written, and they parse without issues', async () => {
    const fields = await h.call(selectSearchFields, { listKey: SUBJECT_LIST_KEY }, { token: crcLi });
    const columns = await h.call(selectColumns, { listKey: SUBJECT_LIST_KEY }, { token: crcLi });
    expect(fields.body).toEqual({ success: true, msg: '', data: searchDef });
    expect(columns.body).toEqual({ success: true, msg: '', data: columnsDef });
    expect(parseSearchFields(searchDef, defaultFieldTypes()).issues).toEqual([]);
    expect(parseColumns(columnsDef, defaultFieldTypes()).issues).toEqual([]);
  });

  it('the seed has every field type the subject list needs', () => {
    const types = searchDef.map((d) => `${d.prop}:${d.fieldtype}${d.endValue ? ':range' : ''}`);
    expect(types).toEqual(
      expect.arrayContaining([
        'subjid:string',
        'initials:string',
        'age:num',
        'sex:select',
        'siteid:select',
        'status:mselect',
        'enrolldate:date:range',
      ]),
    );
  });
});

describe('searchField/shown.do', () => {
  it('stores the custom items a user shows; the definitions then answer show for those items only', async () => {
    const before = await h.call(selectSearchFields, { listKey: SUBJECT_LIST_KEY }, { token: crcLi });
    expect(shownOf(before.body.data as unknown[])).toMatchObject({
      'subjects.initials': false,
      'subjects.enrolldate': true,
    });

    const saved = await h.call(
      searchFieldShown,
      { listKey: SUBJECT_LIST_KEY, shown: ['subjects.initials'] },
      { token: crcLi },
    );
    expect(saved.body).toEqual({ success: true, msg: '', data: null });
    const after = await h.call(selectSearchFields, { listKey: SUBJECT_LIST_KEY }, { token: crcLi });
    const shown = shownOf(after.body.data as unknown[]);
    expect(shown).toMatchObject({ 'subjects.initials': true, 'subjects.enrolldate': false });
    // non-custom items stay as defined
    expect(shown['subjects.subjid']).toBe(true);

    // per user: another user still gets the defaults
    const smith = await h.loginAs('crc.smith', 'CRC', 'BOS01');
    const theirs = await h.call(selectSearchFields, { listKey: SUBJECT_LIST_KEY }, { token: smith });
    expect(theirs.body.data).toEqual(searchDef);

    await h.call(searchFieldShown, { listKey: SUBJECT_LIST_KEY, shown: [] }, { token: crcLi });
    const none = shownOf(
      (await h.call(selectSearchFields, { listKey: SUBJECT_LIST_KEY }, { token: crcLi })).body
        .data as unknown[],
    );
    expect(none).toMatchObject({ 'subjects.initials': false, 'subjects.enrolldate': false });
  });

  it('refuses innerids of non-custom or unknown items, and unknown lists, with 400', async () => {
    for (const shown of [['subjects.subjid'], ['subjects.initials', 'nosuch']]) {
      const res = await h.call(searchFieldShown, { listKey: SUBJECT_LIST_KEY, shown }, { token: crcLi });
      expect(res.status, shown.join()).toBe(400);
      expect(res.body.errors?.join(' ')).toContain(shown.at(-1));
    }
    const unknown = await h.call(searchFieldShown, { listKey: 'nosuch', shown: [] }, { token: crcLi });
    expect(unknown.status).toBe(400);
  });

  it('refuses a role without the list page with 403', async () => {
    const coder = await h.loginAs('coder.zhou', 'CODER', 'BJ01');
    const res = await h.call(searchFieldShown, { listKey: SUBJECT_LIST_KEY, shown: [] }, { token: coder });
    expect(res.status).toBe(403);
  });
});

describe('codelist.do', () => {
  it('answers a stored code list in order, with per-locale labels', async () => {
    const res = await h.call(codeList, { codelisttype: 'SUBJSTATUS' }, { token: crcLi });
    expect(res.body.success && res.body.data.map((o) => o.codevalue)).toEqual(['1', '2', '3', '4', '5']);
    expect(res.body.success && res.body.data[0]?.codedesp).toEqual({ zh_CN: '筛选中', en: 'Screening' });
    const sex = await h.call(codeList, { codelisttype: 'SEX' }, { token: crcLi });
    expect(sex.body.success && sex.body.data.map((o) => o.codevalue)).toEqual(['M', 'F']);
  });

  it('SITE answers the site chosen at /checkRole only, not every site of the role nor of the study', async () => {
    // crc.li is CRC at BJ01 and SH01 and chose BJ01
    const li = await h.call(codeList, { codelisttype: 'SITE' }, { token: crcLi });
    expect(li.body.data).toEqual([{ codevalue: 'site-bj01', codedesp: 'BJ01 Beijing Demo Hospital' }]);
    const dm = await h.loginAs('dm.chen', 'DM', 'SH01');
    const sh = await h.call(codeList, { codelisttype: 'SITE' }, { token: dm });
    expect(sh.body.success && sh.body.data.map((o) => o.codevalue)).toEqual(['site-sh01']);
  });

  it('answers success:false for an unknown code list, and 403 for a role without the subject page', async () => {
    const unknown = await h.call(codeList, { codelisttype: 'NOSUCH' }, { token: crcLi, locale: 'en' });
    expect(unknown.body).toEqual({ success: false, msg: 'No such code list', data: null });
    const coder = await h.loginAs('coder.zhou', 'CODER', 'BJ01');
    expect((await h.call(codeList, { codelisttype: 'SEX' }, { token: coder })).status).toBe(403);
  });
});
