/**
 * The ODM reader on this project's fixtures (fixtures/interchange/odm): every construct, OpenClinica and REDCap
 * extensions, a file full of mistakes, and files it cannot read at all (it never throws). Every imported form
 * compiles with the imported code lists; every file the exporter writes keeps what the import mapped.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateOdm } from '../../../fixtures/interchange/validateOdm';
import { compileForm } from '../../form/compile/compileForm';
import type { CodeListCatalog, RawFormItem, RawFormSchema } from '../../form/types';
import type { ImportResult, StudyDefinition } from '../types';
import { exportOdmMetadata } from './exportOdm';
import { importOdm, looksLikeOdm, odmImporter } from './importOdm';
import { ODM_ISSUE } from './issues';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../fixtures/interchange/odm/${name}`, import.meta.url), 'utf8');
const FILE = { fileOid: 'F.T', creationDateTime: '2026-03-15T08:30:00Z', sourceSystem: 'test' };

function catalog(d: StudyDefinition): CodeListCatalog {
  return Object.fromEntries(
    d.codeLists.map((l) => [l.name, l.items.map((i) => ({ value: i.codevalue, label: i.codedesp }))]),
  );
}
function definitionOf(result: ImportResult): StudyDefinition {
  if (result.definition === null) throw new Error(JSON.stringify(result.issues));
  return result.definition;
}
function form(d: StudyDefinition, tid: string): RawFormSchema {
  const f = d.forms.find((x) => x.tid === tid);
  if (f === undefined) throw new Error(`no form ${tid}`);
  return f;
}
function item(f: RawFormSchema, variable: string): RawFormItem {
  const i = f.sections.flatMap((s) => s.items).find((x) => x.variable === variable);
  if (i === undefined) throw new Error(`no item ${variable}`);
  return i;
}
function expectCompiles(d: StudyDefinition) {
  for (const f of d.forms) {
    const compiled = compileForm(f, { codeLists: catalog(d) });
    expect(compiled.ok ? [] : compiled.issues, f.tid).toEqual([]);
  }
}

describe('importOdm: every construct', () => {
  const result = importOdm(fixture('every-construct.xml'));
  const d = definitionOf(result);

  it('validates against the ODM 1.3.2 schema and every form compiles', async () => {
    expect(await validateOdm(fixture('every-construct.xml'))).toEqual([]);
    expectCompiles(d);
  }, 30_000);

  it('reads visits in protocol order with their kinds and forms in FormRef order', () => {
    expect(d.visits.map((v) => [v.visitnum, v.kind, v.tids, v.optionalTids])).toEqual([
      ['SCREEN', 'scheduled', ['DM', 'VS'], ['LB']],
      ['CYCLE', 'repeating', ['VS'], []],
      ['UNSCHED', 'unscheduled', ['VS'], ['LB']],
      ['LOGS', 'scheduled', ['AE'], []],
    ]);
    expect(d.visits[0]?.name).toEqual({ zh_CN: '筛选期', en: 'Screening' });
  });

  it('maps groups to sections, a repeating group to a log-line form, ItemRef order and Mandatory', () => {
    const dm = form(d, 'DM');
    expect(dm.sections.map((s) => s.id)).toEqual(['DM.MAIN', 'DM.CHILD']);
    expect(dm.sections[0]?.items.map((i) => i.variable)).toEqual([
      'BRTHDAT',
      'SEX',
      'AGE',
      'Subject_initials',
      'CONSENT',
    ]);
    expect(item(dm, 'SEX').required).toBe(true);
    expect(item(dm, 'AGE').required).toBeUndefined();
    const ae = form(d, 'AE');
    expect(ae.logline).toBe(true);
    expect(ae.columns).toEqual([{ prop: 'AETERM' }, { prop: 'AESTDAT' }, { prop: 'AESEV' }]);
  });

  it('maps data types, lengths, significant digits, units, labels in both languages and aliases', () => {
    const dm = form(d, 'DM');
    const vs = form(d, 'VS');
    expect(item(dm, 'BRTHDAT')).toMatchObject({
      fieldtype: 'date',
      partial: true,
      aliases: [{ context: 'SDTM', name: 'BRTHDTC' }],
    });
    expect(item(dm, 'BRTHDAT').label).toEqual({ zh_CN: '出生日期', en: 'Date of birth' });
    expect(item(dm, 'AGE').label).toBe('Age (years)');
    expect(item(dm, 'Subject_initials')).toMatchObject({
      fieldtype: 'text',
      length: 3,
      help: 'Three letters, first name, middle name, last name',
    });
    expect(item(dm, 'CONSENT')).toMatchObject({
      fieldtype: 'radio',
      selector: [{ codevalue: '1' }, { codevalue: '0' }],
    });
    expect(item(vs, 'VSDTC').fieldtype).toBe('datetime');
    expect(item(vs, 'VSTIM').fieldtype).toBe('time');
    expect(item(vs, 'WEIGHT')).toMatchObject({ fieldtype: 'decimal', precision: 1, unit: 'kg' });
    expect(item(vs, 'PULSE').unit).toEqual({ zh_CN: '次/分', en: 'beats/min' });
    expect(item(form(d, 'LB'), 'LBSTAT')).toMatchObject({ fieldtype: 'select', codelisttype: 'STATUS' });
  });

  it('reads code lists with decodes and enumerated items', () => {
    expect(d.codeLists.find((l) => l.name === 'SEX')).toEqual({
      name: 'SEX',
      dataType: 'text',
      items: [
        { codevalue: 'M', codedesp: { zh_CN: '男', en: 'Male' } },
        { codevalue: 'F', codedesp: { zh_CN: '女', en: 'Female' } },
      ],
    });
    expect(d.codeLists.find((l) => l.name === 'STATUS')?.items).toEqual([
      { codevalue: 'NORMAL', codedesp: 'NORMAL' },
      { codevalue: 'ABNORMAL', codedesp: 'ABNORMAL' },
    ]);
  });

  it('turns range checks into hard and soft ranges (a strict integer bound exact) or check rules', () => {
    const dm = form(d, 'DM');
    const vs = form(d, 'VS');
    expect(item(dm, 'AGE').hardRange).toEqual({ min: 18, max: 99 });
    expect(item(vs, 'WEIGHT')).toMatchObject({
      hardRange: { min: 20, max: 300 },
      softRange: { min: 40, max: 150 },
    });
    expect(vs.rules).toContainEqual({
      id: 'check_PULSE',
      kind: 'check',
      expr: '[PULSE] != 0',
      target: 'PULSE',
      severity: 'soft',
      message: 'A pulse of 0?',
    });
    expect(vs.rules?.find((r) => r.target === 'POSITION')).toMatchObject({
      expr: "([POSITION] = 'SITTING' or [POSITION] = 'SUPINE')",
      severity: 'hard',
    });
    expect(form(d, 'LB').rules?.[0]).toMatchObject({ expr: "not ([LBCOMM] = 'N/A')", severity: 'soft' });
    expect(result.issues).toContainEqual(
      expect.objectContaining({ messageId: ODM_ISSUE.strictBound, at: expect.stringContaining('I.WEIGHT') }),
    );
  });

  it('translates an XPath-like condition (negated into a show rule) and method; reports an unknown context', () => {
    expect(form(d, 'DM').rules).toContainEqual({
      id: 'show_CHILDPOT',
      kind: 'show',
      expr: "not ([SEX] != 'F')",
      target: 'CHILDPOT',
    });
    expect(item(form(d, 'VS'), 'BMI')).toMatchObject({
      fieldtype: 'calculated',
      formula: '[WEIGHT] / (([HEIGHT] / 100) * ([HEIGHT] / 100))',
    });
    expect(result.issues).toContainEqual({
      severity: 'warning',
      at: '/ODM/Study/MetaDataVersion/ConditionDef[@OID="C.SAS_ONLY"]',
      messageId: ODM_ISSUE.expressionNotTranslated,
      values: { context: 'SAS', expression: "SEX ^= 'F'" },
    });
  });

  it('export(import(file)) keeps every mapped element (import again gives the same definition)', async () => {
    const again = exportOdmMetadata(d, FILE);
    expect(importOdm(again).definition).toEqual(d);
    expect(await validateOdm(again)).toEqual([]);
  }, 30_000);
});

describe('importOdm: OpenClinica extensions', () => {
  const d = definitionOf(importOdm(fixture('openclinica.xml')));
  const f = form(d, 'VITALS_V10');

  it('uses section labels and titles, response types, ShowItem and the OpenClinica expression syntax', () => {
    expect(f.sections.map((s) => [s.id, s.title, s.items.map((i) => i.variable)])).toEqual([
      ['S_BP', 'Blood pressure', ['SYSBP', 'DIABP']],
      ['S_SYMPT', 'Symptoms', ['SYMPT', 'SYMPTLIST', 'NOTES', 'INTERNAL']],
    ]);
    expect(item(f, 'SYMPT').fieldtype).toBe('radio');
    expect(item(f, 'SYMPTLIST').fieldtype).toBe('mselect');
    expect(item(f, 'NOTES').fieldtype).toBe('textarea');
    expect(item(f, 'INTERNAL').hidden).toBe(true);
    expect(f.rules).toEqual([
      { id: 'show_SYMPTLIST', kind: 'show', expr: "not ([SYMPT] != 'Y')", target: 'SYMPTLIST' },
    ]);
    expect(d.visits.map((v) => [v.visitnum, v.kind])).toEqual([
      ['BASELINE', 'scheduled'],
      ['FOLLOWUP', 'unscheduled'],
    ]);
    expectCompiles(d);
  });
});

describe('importOdm: a REDCap "CDISC ODM (XML)" export', () => {
  const translateRedcapLogic = (logic: string) => logic.replace(/\bround\(/g, 'round(');
  const d = definitionOf(importOdm(fixture('redcap.xml'), { translateRedcapLogic }));
  const demo = form(d, 'demographics');
  const vitals = form(d, 'vitals');

  it('reads REDCap field types, section headers, action tags, notes, checkboxes and event days', () => {
    expect(demo.sections.map((s) => s.title)).toEqual(['Demographics', 'Personal data', 'Consent']);
    expect(item(demo, 'dob')).toMatchObject({ fieldtype: 'date', required: true, help: 'YYYY-MM-DD' });
    expect(item(demo, 'sex')).toMatchObject({
      fieldtype: 'radio',
      selector: [
        { codevalue: '0', codedesp: 'Female' },
        { codevalue: '1', codedesp: 'Male' },
      ],
    });
    expect(item(demo, 'race')).toMatchObject({
      fieldtype: 'checkbox',
      selector: [
        { codevalue: '1', codedesp: 'Asian' },
        { codevalue: '2', codedesp: 'White' },
        { codevalue: '98', codedesp: 'Other' },
      ],
    });
    expect(item(demo, 'consent_note').fieldtype).toBe('static');
    expect(item(demo, 'comments')).toMatchObject({ fieldtype: 'textarea', length: 500 });
    expect(item(demo, 'smoker')).toMatchObject({ hidden: true, default: 'no' });
    expect(item(vitals, 'pain')).toMatchObject({ fieldtype: 'integer', hardRange: { min: 0, max: 100 } });
    expect(demo.sections.flatMap((s) => s.items).some((i) => i.variable === 'demographics_complete')).toBe(
      false,
    );
    expect(d.visits.map((v) => [v.visitnum, v.day, v.tids])).toEqual([
      ['enrollment_arm_1', 0, ['demographics', 'vitals']],
      ['week_4_arm_1', 28, ['vitals']],
    ]);
  });

  it('translates branching logic and calculations through the REDCap translator it is given', () => {
    expect(demo.rules).toEqual([
      { id: 'show_pregnant', kind: 'show', expr: "[sex] = '0'", target: 'pregnant' },
    ]);
    expect(item(vitals, 'bmi')).toMatchObject({
      fieldtype: 'calculated',
      formula: 'round([weight]*10000/([height]*[height]),1)',
    });
    expectCompiles(d);
  });

  it("as registered (odmImporter), translates with the REDCap importer's translator and REDCap semantics", () => {
    const result = odmImporter.read(fixture('redcap.xml'));
    const d = definitionOf(result);
    expect(result.issues.filter((i) => i.messageId === ODM_ISSUE.expressionNotTranslated)).toEqual([]);
    // REDCap's `=` is two-valued: a blank [sex] is not '0'
    expect(form(d, 'demographics').rules).toEqual([
      { id: 'show_pregnant', kind: 'show', expr: "(notblank([sex]) and [sex] = '0')", target: 'pregnant' },
    ]);
    expect(item(form(d, 'vitals'), 'bmi')).toMatchObject({ fieldtype: 'calculated' });
    expect(item(form(d, 'vitals'), 'bmi').formula).toMatch(/^round\(/);
    expectCompiles(d);
  });

  it('without a translator, reports the logic and keeps the items (a calculation becomes a number)', () => {
    const result = importOdm(fixture('redcap.xml'));
    const plain = definitionOf(result);
    expect(item(form(plain, 'vitals'), 'bmi').fieldtype).toBe('decimal');
    expect(
      result.issues.filter((i) => i.messageId === ODM_ISSUE.expressionNotTranslated).map((i) => i.at),
    ).toEqual([
      '/ODM/Study/MetaDataVersion/ItemDef[@OID="pregnant"]/@redcap:BranchingLogic',
      '/ODM/Study/MetaDataVersion/ItemDef[@OID="bmi"]/@redcap:Calculation',
    ]);
  });
});

describe('importOdm: mistakes', () => {
  const result = importOdm(fixture('errors.xml'));

  it('reports each mistake at its element and imports the rest', () => {
    const found = (messageId: string) => result.issues.filter((i) => i.messageId === messageId);
    expect(
      found(ODM_ISSUE.missingDef)
        .map((i) => i.values.oid)
        .sort(),
    ).toEqual(
      [
        'C.NOCOND',
        'CL.NONE',
        'F.NOFORM',
        'I.NOITEM',
        'IG.NOGROUP',
        'M.NOMETHOD',
        'MU.NONE',
        'SE.MISSING',
      ].sort(),
    );
    for (const id of [
      ODM_ISSUE.severalVersions,
      ODM_ISSUE.include,
      ODM_ISSUE.duplicateOid,
      ODM_ISSUE.unsupportedDataType,
      ODM_ISSUE.badCheckValue,
      ODM_ISSUE.expressionNotTranslated,
      ODM_ISSUE.externalCodeList,
      ODM_ISSUE.mixedRepeating,
      ODM_ISSUE.duplicateItem,
      ODM_ISSUE.emptyForm,
      ODM_ISSUE.eventNotInProtocol,
    ])
      expect(found(id), id).toHaveLength(1);
    expect(found(ODM_ISSUE.missingDef).find((i) => i.values.oid === 'I.NOITEM')?.at).toBe(
      '/ODM/Study/MetaDataVersion/ItemGroupDef[@OID="IG.HEAD"]/ItemRef[@ItemOID="I.NOITEM"]',
    );
    const d = definitionOf(result);
    // the repeating group of GOOD becomes its own log-line form, in the same visits
    expect(d.forms.map((f) => [f.tid, f.logline, f.sections.map((s) => s.id)])).toEqual([
      ['GOOD', undefined, ['HEAD']],
      ['GOOD_LOG', true, ['ROWS']],
    ]);
    expect(d.visits.map((v) => [v.visitnum, v.tids])).toEqual([
      ['V1', ['GOOD', 'GOOD_LOG']],
      ['EXTRA', ['GOOD', 'GOOD_LOG']],
    ]);
  });

  it.each([
    ['malformed XML', '<ODM><Study></ODM>', ODM_ISSUE.malformedXml],
    ['not XML', 'variable,form\nage,dm', ODM_ISSUE.malformedXml],
    ['another root', '<?xml version="1.0"?><define/>', ODM_ISSUE.notOdm],
    ['no Study', '<ODM xmlns="http://www.cdisc.org/ns/odm/v1.3"/>', ODM_ISSUE.noStudy],
    [
      'no MetaDataVersion',
      '<ODM><Study OID="S"><GlobalVariables/></Study></ODM>',
      ODM_ISSUE.noMetaDataVersion,
    ],
    ['empty text', '', ODM_ISSUE.malformedXml],
  ])('%s: no definition, one error, never a throw', (_, text, messageId) => {
    const r = importOdm(text);
    expect(r.definition).toBeNull();
    expect(r.issues).toEqual([expect.objectContaining({ severity: 'error', messageId })]);
  });

  it('names the line and column of a malformed file', () => {
    expect(importOdm('<ODM>\n  <Study>\n</ODM>').issues[0]).toMatchObject({
      at: 'line 3, column 1',
      values: { line: 3, column: 1 },
    });
  });

  it('does not expand DTD entities', () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE ODM [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><ODM><Study OID="&b;"><MetaDataVersion OID="V"/></Study></ODM>';
    expect(importOdm(bomb).definition?.studycode).toBe('&b;');
  });

  it('detects ODM by content', () => {
    expect(looksLikeOdm(fixture('redcap.xml'))).toBe(true);
    expect(looksLikeOdm('\uFEFF<!-- c --><odm:ODM xmlns:odm="x"/>')).toBe(true);
    expect(looksLikeOdm('<define/>')).toBe(false);
    expect(
      looksLikeOdm('<?xml version="1.0"?>\n<?xml-stylesheet href="odm.xsl"?>\n<!DOCTYPE ODM>\n<ODM/>'),
    ).toBe(true);
    expect(looksLikeOdm('record_id,field_name\n<ODM>')).toBe(false);
    expect(odmImporter.read(fixture('every-construct.xml')).counts).toEqual({
      visits: 4,
      forms: 4,
      items: 20,
      codeLists: 4,
      rules: 4,
    });
  });
});

describe('export(import(file)) keeps every mapped element', () => {
  it.each(['every-construct.xml', 'openclinica.xml', 'redcap.xml', 'errors.xml'])(
    '%s',
    async (name) => {
      const first = definitionOf(importOdm(fixture(name), { translateRedcapLogic: (logic) => logic }));
      const exported = exportOdmMetadata(first, FILE);
      const again = importOdm(exported);
      expect(again.issues.filter((i) => i.severity !== 'info')).toEqual([]);
      expect(again.definition).toEqual(first);
      expect(await validateOdm(exported)).toEqual([]);
    },
    30_000,
  );
});
