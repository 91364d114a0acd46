/**
 * Code lists belong to a study (migration 0019, docs/codelists.md): two studies of one database each publish a code
 * list of the same name and keep their own options (codelist.do, the study definition, the form checks); a publish
 * refused inside its transaction writes nothing; a form naming a list its study does not have is a named problem of
 * that form (compileForm against the study's code lists), on import, for entry (formSchemas.load) and in datainfo.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyObject } from '../../../engine/schema';
import { dataInfo } from '../../../engine/api/data';
import type { EndpointDef } from '../../../engine/api/endpoint';
import { interchangeAssess, interchangePublish, type ImportReport } from '../../../engine/api/interchange';
import { codeList } from '../../../engine/api/lists';
import { parseResponse } from '../../../engine/api/parseResponse';
import type { StudyDefinition } from '../../../engine/interchange/types';
import { snapshotChanges, snapshotDb } from '../../test/dbSnapshot';
import { TEST_HOST, startHarness, type Harness } from '../../test/harness';
import { definition, fileOf, formOf, item, testImporter } from '../../test/interchangeSamples';
import { putFormSchema } from '../data/formsRepository';
import { createFormSchemaService } from '../data/formSchemas';
import { studyDefinitionOf } from '../interchange/studyDefinition';
import { DEMO_SUBJECTS } from '../../seed/forms';
import { putCodeListItem } from './codeLists';

const DEMO = 'study-demo-001';
const TWO = 'study-two';

let h: Harness;
/** dm.chen, DM at BJ01 of the demo study. */
let demoDm: string;
/** cra.zhao, made DM at TW01 of a second study. */
let twoDm: string;

beforeAll(async () => {
  h = await startHarness({ logger: false });
  h.app.interchange.importers.use(testImporter);
  await h.db
    .exec(`insert into studies (id, studycode, studyname) values ('${TWO}', 'TWO-001', 'Second study');
    insert into sites (id, study_id, sitecode, sitename, country) values ('site-tw01', '${TWO}', 'TW01', 'Taipei', 'CN');
    insert into user_roles (user_id, role_id, site_id, study_id)
      select u.id, r.id, 'site-tw01', '${TWO}' from users u, roles r where u.username = 'cra.zhao' and r.rolecode = 'DM';`);
  demoDm = await h.loginAs('dm.chen', 'DM', 'BJ01');
  twoDm = await h.loginAs('cra.zhao', 'CRA', 'BJ01');
  // the second study chosen for this session (as a study switch would): DM at TW01
  await h.db.query(
    `update sessions set study_id = $2, site_id = 'site-tw01',
       role_id = (select id from roles where rolecode = 'DM') where token_hash = $1`,
    [createHash('sha256').update(twoDm).digest('hex'), TWO],
  );
}, 120_000);
afterAll(() => h?.close());

async function upload(token: string, d: StudyDefinition, filename = 'study.xml') {
  const boundary = '----edccodelists0123456789';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(fileOf(d)),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await h.app.inject({
    method: 'POST',
    url: `${interchangeAssess.path}?time=1`,
    headers: {
      host: TEST_HOST,
      token,
      locale: 'en',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  const body = res.json<{ success: boolean; msg: string; data: ImportReport }>();
  parseResponse(interchangeAssess as unknown as EndpointDef<AnyObject, unknown>, body);
  expect(body.success, body.msg).toBe(true);
  return body.data;
}

/** A definition with one form FORM<n> whose radio names the code list SHARED with the given options. */
function sharedListDefinition(tid: string, options: [string, string][]): StudyDefinition {
  return definition({
    visits: [
      {
        visitnum: `V${tid}`,
        name: { zh_CN: tid, en: tid },
        kind: 'scheduled',
        day: 1,
        tids: [tid],
        optionalTids: [],
      },
    ],
    forms: [formOf(tid, [item('ANSWER', { fieldtype: 'radio', codelisttype: 'SHARED' })])],
    codeLists: [
      {
        name: 'SHARED',
        dataType: 'text',
        items: options.map(([codevalue, en]) => ({ codevalue, codedesp: { zh_CN: en, en } })),
      },
    ],
  });
}

const optionsOf = async (token: string, codelisttype: string) => {
  const res = await h.call(codeList, { codelisttype }, { token, locale: 'en' });
  return res.body.success ? (res.body.data as { codevalue: string }[]).map((o) => o.codevalue) : res.body.msg;
};

describe('code lists per study', () => {
  it('keeps separate options for a code list of the same name in two studies', async () => {
    const demo = await upload(
      demoDm,
      sharedListDefinition('SHA', [
        ['1', 'One'],
        ['2', 'Two'],
      ]),
    );
    expect(demo.canpublish).toBe(true);
    expect(
      (await h.call(interchangePublish, { importid: demo.summary.importid }, { token: demoDm })).body.success,
    ).toBe(true);
    // the same name with other options: no clash with the demo study's list (it would have been refused before 0019)
    const two = await upload(
      twoDm,
      sharedListDefinition('SHB', [
        ['A', 'Alpha'],
        ['B', 'Beta'],
        ['C', 'Gamma'],
      ]),
    );
    expect(two.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(
      (await h.call(interchangePublish, { importid: two.summary.importid }, { token: twoDm })).body.success,
    ).toBe(true);

    expect(await optionsOf(demoDm, 'SHARED')).toEqual(['1', '2']);
    expect(await optionsOf(twoDm, 'SHARED')).toEqual(['A', 'B', 'C']);
    // the demo study's lists are not the second study's
    expect(await optionsOf(demoDm, 'SEX')).toEqual(['M', 'F']);
    expect(await optionsOf(twoDm, 'SEX')).toBe('No such code list');
    const demoDef = await studyDefinitionOf(h.db, DEMO);
    const twoDef = await studyDefinitionOf(h.db, TWO);
    expect(demoDef.codeLists.find((l) => l.name === 'SHARED')?.items.map((i) => i.codevalue)).toEqual([
      '1',
      '2',
    ]);
    expect(twoDef.codeLists.map((l) => l.name)).toEqual(['SHARED']);
    expect(twoDef.codeLists[0]?.items.map((i) => i.codevalue)).toEqual(['A', 'B', 'C']);
  });

  it('reports a form naming a code list only another study has, and answers the study’s names in datainfo', async () => {
    const d = definition({
      visits: [{ visitnum: 'VSX', name: 'VSX', kind: 'scheduled', day: 1, tids: ['SXF'], optionalTids: [] }],
      forms: [formOf('SXF', [item('SEXQ', { fieldtype: 'radio', codelisttype: 'SEX' })])],
      codeLists: [],
    });
    // in the demo study SEX exists: no problem
    const demo = await upload(demoDm, d);
    expect(demo.issues.filter((i) => i.severity === 'error')).toEqual([]);
    // in the second study it does not: a named problem of the form, at the item's codelisttype
    const two = await upload(twoDm, d);
    expect(two.canpublish).toBe(false);
    expect(two.issues).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        at: expect.stringMatching(/^form SXF: .*codelisttype$/),
        messageId: 'form.unknownCodeList',
      }),
    );
    const answer = await h.call(
      dataInfo,
      { subjectid: DEMO_SUBJECTS.entry, visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'DM' },
      { token: demoDm },
    );
    expect(answer.body.success, answer.body.msg).toBe(true);
    expect(answer.body.data?.codeLists).toEqual(expect.arrayContaining(['SITE', 'SEX', 'SHARED']));
    expect(answer.body.data?.codeLists).not.toContain('LATER');
  });

  it('a publish refused inside its transaction (a list published meanwhile with other options) writes nothing', async () => {
    // two drafts of the second study name SHARED2 with other options; neither clashes while SHARED2 is not stored
    const first = await upload(twoDm, {
      ...sharedListDefinition('SHC', [['X', 'X']]),
      codeLists: [{ name: 'SHARED2', dataType: 'text', items: [{ codevalue: 'X', codedesp: 'X' }] }],
      forms: [formOf('SHC', [item('ANSWER', { fieldtype: 'radio', codelisttype: 'SHARED2' })])],
    });
    const second = await upload(twoDm, {
      ...sharedListDefinition('SHD', [['Y', 'Y']]),
      codeLists: [{ name: 'SHARED2', dataType: 'text', items: [{ codevalue: 'Y', codedesp: 'Y' }] }],
      forms: [formOf('SHD', [item('ANSWER', { fieldtype: 'radio', codelisttype: 'SHARED2' })])],
    });
    expect(first.canpublish && second.canpublish).toBe(true);
    expect(
      (await h.call(interchangePublish, { importid: first.summary.importid }, { token: twoDm })).body.success,
    ).toBe(true);
    const before = await snapshotDb(h.db);
    const refused = await h.call(
      interchangePublish,
      { importid: second.summary.importid },
      { token: twoDm, locale: 'en' },
    );
    expect(refused.body.success).toBe(false);
    expect(refused.body.msg).toMatch(/SHARED2/);
    expect(snapshotChanges(before, await snapshotDb(h.db))).toEqual([]);
    expect(await optionsOf(twoDm, 'SHARED2')).toEqual(['X']);
    // the demo study may still publish its own SHARED2 with the other options
    const demo = await upload(demoDm, {
      ...sharedListDefinition('SHE', [['Y', 'Y']]),
      codeLists: [{ name: 'SHARED2', dataType: 'text', items: [{ codevalue: 'Y', codedesp: 'Y' }] }],
      forms: [formOf('SHE', [item('ANSWER', { fieldtype: 'radio', codelisttype: 'SHARED2' })])],
    });
    expect(demo.canpublish).toBe(true);
  });
});

describe('forms compiled for entry against the study’s code lists', () => {
  it('a stored form naming a list its study has not does not load: the problem names the item; once the list is there it loads with its options', async () => {
    const schema = formOf('NOLIST', [item('PICK', { fieldtype: 'select', codelisttype: 'LATER' })]);
    await putFormSchema(
      h.db,
      TWO,
      { tid: 'NOLIST', formid: 'NOLIST', version: 1, reftype: '3', logline: false, schema: schema as never },
      new Date(),
    );
    const service = createFormSchemaService(h.db);
    const missing = await service.load(TWO, 'NOLIST');
    expect(missing?.ok).toBe(false);
    expect(missing && !missing.ok ? missing.issues : []).toEqual([
      expect.objectContaining({
        messageId: 'form.unknownCodeList',
        path: 'sections[0].items[0].codelisttype',
        values: expect.objectContaining({ codelisttype: 'LATER' }),
      }),
    ]);
    // the demo study's LATER does not count for the second study
    await putCodeListItem(h.db, DEMO, {
      codelisttype: 'LATER',
      codevalue: 'D',
      zh_CN: 'D',
      en: 'D',
      sort: 1,
    });
    expect((await service.load(TWO, 'NOLIST'))?.ok).toBe(false);
    await putCodeListItem(h.db, TWO, {
      codelisttype: 'LATER',
      codevalue: 'L',
      zh_CN: '后',
      en: 'Later',
      sort: 1,
    });
    const loaded = await service.load(TWO, 'NOLIST');
    expect(loaded?.ok).toBe(true);
    expect(loaded?.ok ? loaded.form.items.get('PICK')?.options?.map((o) => o.value) : null).toEqual(['L']);
  });
});
