/**
 * The seed's study definition comes from importing fixtures/interchange/odm/demo-study.xml (./demoStudy.ts): what the
 * seeded database holds — visits, forms, code lists — is the imported definition, which is the JSON fixtures'
 * (fixtures/interchange/demoStudyDefinition.ts), so neither the file nor the seed can drift from them; a file that
 * does not import cleanly stops the seed naming its problems.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStudyDefinition as jsonDefinition } from '../../fixtures/interchange/demoStudyDefinition';
import { studyDefinitionOf } from '../domains/interchange/studyDefinition';
import { openTestDb, type TestDb } from '../test/testDb';
import { DEMO_STUDY_ODM_FILE, codeListsSeedOf, demoStudyDefinition, importDemoStudy } from './demoStudy';

const STUDY = 'study-demo-001';
let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
}, 120_000);
afterAll(() => t?.cleanup());

describe('the demo study imported from ODM', () => {
  it('imports to exactly what the JSON fixtures define', async () => {
    expect(await demoStudyDefinition()).toEqual(jsonDefinition());
  });

  it('is what the seeded database holds: the schedule, every form and every code list', async () => {
    const imported = await demoStudyDefinition();
    const seeded = await studyDefinitionOf(t.db, STUDY);
    expect(seeded.visits).toEqual(imported.visits);
    expect(seeded.forms).toEqual(imported.forms);
    const rows = await t.db.query<{ codelisttype: string; codevalue: string; zh: string; en: string }>(
      `select codelisttype, codevalue, codedesp_zh as zh, codedesp_en as en from codelist_items
       where study_id = $1 order by codelisttype, sort, codevalue`,
      [STUDY],
    );
    const stored: Record<string, { codevalue: string; codedesp: { zh_CN: string; en: string } }[]> = {};
    for (const r of rows)
      (stored[r.codelisttype] ??= []).push({ codevalue: r.codevalue, codedesp: { zh_CN: r.zh, en: r.en } });
    expect(stored).toEqual(codeListsSeedOf(imported));
  });

  it('stops the seed naming the problem when the file does not import cleanly', () => {
    const text = readFileSync(DEMO_STUDY_ODM_FILE, 'utf8');
    expect(() => importDemoStudy('<ODM><Study', 'torn.xml')).toThrow(/torn\.xml/);
    // a select naming a code list the file does not define: the form and the item are named
    const unknownList = text.replace(
      /<CodeListRef CodeListOID="CL\.SEX"\/>/,
      '<CodeListRef CodeListOID="CL.NOPE"/>',
    );
    expect(unknownList).not.toBe(text);
    expect(() => importDemoStudy(unknownList, 'unknown-list.xml')).toThrow(
      /unknown-list\.xml[\s\S]*I\.DM\.SEX[\s\S]*missingDef/,
    );
  });
});
