/**
 * The REDCap dictionary importer on its fixtures (fixtures/interchange/redcap): what each construct becomes, what is
 * reported, that every imported form compiles, and that imported items accept what REDCap accepts.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateForm } from '../../form/validate';
import { evaluateFormState } from '../../form/state';
import type { CompiledForm, RawFormItem } from '../../form/types';
import { importerFor } from '../formats';
import type { ImportResult } from '../types';
import { importRedcapDictionary, looksLikeRedcapDictionary, redcapImporter } from './importDictionary';
import { REDCAP_MSG } from './issues';
import { compiledForms, CTX, dictionaryCsv, HEADER } from './testSupport';

const fixture = (name: string) => readFileSync(`fixtures/interchange/redcap/${name}`, 'utf8');

function rawItem(result: ImportResult, variable: string): RawFormItem {
  for (const form of result.definition?.forms ?? []) {
    for (const section of form.sections) {
      const item = section.items.find((i) => i.variable === variable);
      if (item) return item;
    }
  }
  throw new Error(`no item ${variable}`);
}

const ids = (result: ImportResult) =>
  result.issues.map((i) => `${i.severity} ${i.messageId} ${i.values.variable ?? ''}`);

describe('detection', () => {
  it('recognises the documented header and the API header, not other CSV', () => {
    expect(looksLikeRedcapDictionary(fixture('every-construct.csv'))).toBe(true);
    expect(looksLikeRedcapDictionary('field_name,form_name,field_type,field_label\nx,y,text,X')).toBe(true);
    expect(looksLikeRedcapDictionary('name,age\nA,1')).toBe(false);
    expect(looksLikeRedcapDictionary('<?xml version="1.0"?><ODM/>')).toBe(false);
    expect(importerFor(fixture('every-construct.csv'))).toBe(redcapImporter);
  });
});

describe('every construct (every-construct.csv)', () => {
  const result = importRedcapDictionary(fixture('every-construct.csv'));
  const forms = compiledForms(result);
  const form = (tid: string) => forms.find((f) => f.tid === tid)!;

  it('groups forms by Form Name in order, all in the one visit V1, sections at each Section Header', () => {
    const d = result.definition!;
    expect(d.forms.map((f) => f.tid)).toEqual(['demographics', 'vitals', 'qol', 'followup']);
    expect(d.visits).toEqual([
      expect.objectContaining({ visitnum: 'V1', tids: ['demographics', 'vitals', 'qol', 'followup'] }),
    ]);
    expect(d.forms[0]!.name).toBe('Demographics');
    expect(d.forms[0]!.sections.map((s) => s.title)).toEqual(['Demographics', 'Identity', 'Contact details']);
    expect(result.counts).toMatchObject({ forms: 4, visits: 1, codeLists: 6 });
  });

  it('maps field types and validation types', () => {
    const types = Object.fromEntries(
      forms.flatMap((f) => [...f.items.values()].map((i) => [i.variable, i.fieldtype])),
    );
    expect(types).toMatchObject({
      record_id: 'text',
      dob: 'date',
      age: 'calculated',
      sex: 'radio',
      pregnant: 'radio',
      race: 'checkbox',
      consent: 'radio',
      comments: 'textarea',
      info_text: 'static',
      visit_date: 'date',
      visit_time: 'time',
      weight: 'decimal',
      height: 'integer',
      pain: 'integer',
      exam_dt: 'datetime',
      exam_dts: 'text',
      walk: 'text',
      ecg_file: 'file',
      fu_status: 'select',
      qol_flag: 'calculated',
    });
  });

  it('shares one code list between identical choice sets; yesno and truefalse use the standard lists', () => {
    expect(rawItem(result, 'qol_2').codelisttype).toBe('redcap_qol_1');
    expect(rawItem(result, 'qol_3').codelisttype).toBe('redcap_qol_1');
    expect(rawItem(result, 'pregnant').codelisttype).toBe('redcap_yesno');
    expect(rawItem(result, 'consent').codelisttype).toBe('redcap_truefalse');
    const sex = result.definition!.codeLists.find((l) => l.name === 'redcap_sex')!;
    expect(sex).toEqual({
      name: 'redcap_sex',
      dataType: 'integer',
      items: [
        { codevalue: '1', codedesp: 'Female' },
        { codevalue: '2', codedesp: 'Male' },
        { codevalue: '3', codedesp: 'Other' },
      ],
    });
  });

  it('HTML in choice labels becomes plain text', () => {
    const r = importRedcapDictionary(
      dictionaryCsv([{ variable: 'q', type: 'radio', choices: '1, <b>Yes</b> &amp; more | 2, <i>No</i>' }]),
    );
    expect(r.definition!.codeLists[0]!.items.map((i) => i.codedesp)).toEqual(['Yes & more', 'No']);
  });

  it('identifier, required, note, HTML labels, action tags', () => {
    expect(rawItem(result, 'name_first')).toMatchObject({
      identifier: true,
      required: true,
      help: 'As on the ID card',
      length: 50,
    });
    expect(form('demographics').items.get('dob')?.identifier).toBe(true);
    expect(rawItem(result, 'consent').labelFormat).toBe('html');
    expect(form('demographics').items.get('info_text')?.labelFormat).toBe('html');
    expect(rawItem(result, 'initials').default).toBe('XX');
    expect(rawItem(result, 'race').default).toEqual(['3']);
    expect(rawItem(result, 'comments').length).toBe(500);
    expect(rawItem(result, 'fu_ok').readonly).toBe(true);
    // @HIDDEN on a calc: kept visible read-only, so that its value is saved (reported)
    expect(rawItem(result, 'age')).toMatchObject({ readonly: true });
    expect(rawItem(result, 'age').hidden).toBeUndefined();
  });

  it('min/max: numbers a soft range, @FORCE-MINMAX a hard one, a slider its range; dates and times a check', () => {
    expect(rawItem(result, 'weight').softRange).toEqual({ min: 30, max: 200 });
    expect(rawItem(result, 'height').hardRange).toEqual({ min: 100, max: 250 });
    expect(rawItem(result, 'pain').hardRange).toEqual({ min: 0, max: 10 });
    const demographics = form('demographics');
    const problems = validateForm(
      demographics,
      { dob: '1899-12-31', name_first: 'A', sex: '1', consent: '1' },
      CTX,
    );
    expect(problems.dob).toEqual([expect.objectContaining({ level: 'warning', ruleId: 'RANGE_dob' })]);
    const future = validateForm(demographics, { dob: '2026-03-16' }, CTX);
    expect(future.dob).toEqual([expect.objectContaining({ level: 'warning', ruleId: 'RANGE_dob' })]);
    const vitals = form('vitals');
    expect(validateForm(vitals, { visit_time: '7:05', visit_date: '2024-01-01' }, CTX).visit_time).toEqual([
      expect.objectContaining({ level: 'warning', ruleId: 'RANGE_visit_time' }),
    ]);
    expect(
      validateForm(vitals, { visit_time: '9:05', visit_date: '2024-01-01' }, CTX).visit_time,
    ).toBeUndefined();
    expect(validateForm(vitals, { height: '260', visit_date: '2024-01-01' }, CTX).height?.[0]?.level).toBe(
      'error',
    );
    expect(validateForm(vitals, { weight: '25', visit_date: '2024-01-01' }, CTX).weight?.[0]?.level).toBe(
      'warning',
    );
  });

  it('accepts what REDCap accepts: .5 and +1 for number, +1 for integer, 7:05 for time', () => {
    const vitals = form('vitals');
    const problems = validateForm(
      vitals,
      { visit_date: '2024-01-01', temp: '.5', weight: '+50', height: '+150', visit_time: '9:05' },
      CTX,
    );
    expect(problems).toEqual({});
    expect(validateForm(vitals, { visit_date: '2024-01-01', temp: '12a' }, CTX).temp?.[0]?.messageId).toBe(
      'form.notDecimal',
    );
    expect(validateForm(vitals, { visit_date: '2024-01-01', walk: '61:00' }, CTX).walk?.[0]?.messageId).toBe(
      'form.pattern',
    );
  });

  it('branching and calculations work in the compiled forms', () => {
    const demographics = form('demographics');
    const state = evaluateFormState(demographics, { sex: '2', race: ['1', '98'], dob: '2000-03-14' }, CTX);
    expect(state.hidden.has('pregnant')).toBe(true);
    expect(state.hidden.has('race_other')).toBe(false);
    expect(state.required.has('race_other')).toBe(true);
    expect(state.calculated).toMatchObject({ age: '26', race_count: '2' });
    const vitals = evaluateFormState(form('vitals'), { weight: '70', height: '175' }, CTX);
    expect(vitals.calculated.bmi).toBe('22.9');
    const qol = evaluateFormState(form('qol'), { qol_1: '3', qol_2: '3', qol_3: '2' }, CTX);
    expect(qol.calculated).toMatchObject({ qol_total: '8', qol_flag: 'high', qol_up: '3', qol_spread: '1' });
    expect(qol.hidden.has('qol_note')).toBe(false);
    const followup = evaluateFormState(
      form('followup'),
      { fu_status: 'L', fu_start: '2024-01-01 08:00', fu_end: '2024-01-01 20:30' },
      CTX,
    );
    expect(followup.hidden.has('fu_death')).toBe(true);
    expect(followup.hidden.has('fu_reason')).toBe(false);
    expect(followup.hidden.has('fu_ok')).toBe(true);
    expect(followup.calculated.fu_hours).toBe('12.5');
  });

  it('reports what it could not map, each at its line and column', () => {
    expect(ids(result)).toEqual(
      expect.arrayContaining([
        `warning ${REDCAP_MSG.unknownValidation} odd`,
        `warning ${REDCAP_MSG.actionTagNotMapped} visit_date`,
        `warning ${REDCAP_MSG.actionTagNotMapped} qol_note`,
        `warning ${REDCAP_MSG.unknownActionTag} qol_note`,
        `info ${REDCAP_MSG.eventPrefixDropped} fu_days`,
        `warning ${REDCAP_MSG.logicOtherForm} fu_cross`,
        `info ${REDCAP_MSG.approximated} pain`,
        `info ${REDCAP_MSG.approximated} weight`,
      ]),
    );
    expect(result.issues.find((i) => i.messageId === REDCAP_MSG.matrixGroup)).toEqual({
      severity: 'info',
      at: 'line 34, column Matrix Group Name',
      messageId: REDCAP_MSG.matrixGroup,
      values: { group: 'qol_matrix', items: 3 },
    });
    expect(result.issues.find((i) => i.values.variable === 'fu_cross')).toMatchObject({
      at: 'line 53, column Branching Logic (Show field only if...)',
      values: { expression: "[sex] = '1'", position: 1, token: '[sex]', form: 'demographics' },
    });
    expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
  });
});

describe('a realistic study (depression-study.csv: 5 forms, 60 fields)', () => {
  const result = importRedcapDictionary(fixture('depression-study.csv'));
  const forms = compiledForms(result);
  const form = (tid: string) => forms.find((f) => f.tid === tid)!;

  it('imports every field, with only informational findings', () => {
    expect(result.counts).toEqual({ forms: 5, items: 60, codeLists: 11, visits: 1, rules: 29 });
    expect(result.issues.filter((i) => i.severity !== 'info')).toEqual([]);
    expect(forms.map((f) => f.tid)).toEqual([
      'enrollment',
      'demographics',
      'vital_signs',
      'phq9',
      'adverse_events',
    ]);
  });

  it('PHQ-9: the matrix items share one code list, the total and the severity text compute', () => {
    const phq = form('phq9');
    expect(
      new Set([...phq.items.values()].filter((i) => /^phq\d$/.test(i.variable)).map((i) => i.codelisttype)),
    ).toEqual(new Set(['redcap_phq1']));
    const values = {
      phq1: '3',
      phq2: '3',
      phq3: '2',
      phq4: '2',
      phq5: '1',
      phq6: '1',
      phq7: '1',
      phq8: '1',
      phq9: '1',
    };
    const state = evaluateFormState(phq, values, CTX);
    expect(state.calculated).toMatchObject({
      phq_total: '15',
      phq_sev: 'moderately severe',
      phq_complete_n: '3',
    });
    expect(state.hidden.has('phq_item9_alert')).toBe(false);
    expect(evaluateFormState(phq, { ...values, phq9: '0' }, CTX).hidden.has('phq_item9_alert')).toBe(true);
  });

  it('adverse events: nested branching, checkbox codes, signed datediff', () => {
    const ae = form('adverse_events');
    const none = evaluateFormState(ae, { ae_any: '0' }, CTX);
    expect(
      ['ae_term', 'ae_start', 'ae_severity', 'ae_sae_crit', 'ae_death_date'].every((v) => none.hidden.has(v)),
    ).toBe(true);
    const sae = evaluateFormState(
      ae,
      {
        ae_any: '1',
        ae_serious: '1',
        ae_sae_crit: ['1', '3'],
        ae_ongoing: '0',
        ae_start: '2024-03-01',
        ae_end: '2024-03-11',
        ae_action: ['2', '3'],
      },
      CTX,
    );
    expect(sae.hidden.has('ae_death_date')).toBe(false);
    expect(sae.hidden.has('ae_notes')).toBe(false);
    expect(sae.required.has('ae_term')).toBe(true);
    expect(sae.calculated).toMatchObject({ ae_days: '10', ae_n_actions: '2' });
  });

  it('vital signs: BMI, its class, hard range from @FORCE-MINMAX, soft ranges from min/max', () => {
    const vs = form('vital_signs');
    expect(evaluateFormState(vs, { weight: '80', height: '170' }, CTX).calculated).toMatchObject({
      bmi: '27.7',
      bmi_class: 'overweight',
    });
    const problems = validateForm(
      vs,
      { vs_date: '2024-01-01', height: '250', weight: '70.5', temp: '43' },
      CTX,
    );
    expect(problems.height?.[0]).toMatchObject({ level: 'warning' });
    expect(problems.temp?.[0]).toMatchObject({ level: 'error' });
  });
});

describe('errors (with-errors.csv, missing-columns.csv)', () => {
  it('missing required columns: no definition, the columns named', () => {
    const result = importRedcapDictionary(fixture('missing-columns.csv'));
    expect(result.definition).toBeNull();
    expect(result.issues).toEqual([
      {
        severity: 'error',
        at: 'line 1',
        messageId: REDCAP_MSG.missingColumns,
        values: { columns: 'Field Type' },
      },
    ]);
  });

  it('imports what it can, reports the rest, and the result compiles', () => {
    const result = importRedcapDictionary(fixture('with-errors.csv'));
    compiledForms(result);
    expect(ids(result)).toEqual(
      expect.arrayContaining([
        `error ${REDCAP_MSG.csvUnterminatedQuote} `,
        `error ${REDCAP_MSG.badVariable} 1bad`,
        `error ${REDCAP_MSG.duplicateVariable} record_id`,
        `error ${REDCAP_MSG.unsupportedFieldType} lookup`,
        `error ${REDCAP_MSG.unknownFieldType} widget`,
        `error ${REDCAP_MSG.missingForm} no_form`,
        `warning ${REDCAP_MSG.badChoice} choice_bad`,
        `warning ${REDCAP_MSG.duplicateChoice} choice_bad`,
        `error ${REDCAP_MSG.noChoices} choice_none`,
        `warning ${REDCAP_MSG.badRange} n_range`,
        `warning ${REDCAP_MSG.rangeIgnored} plain_range`,
        `warning ${REDCAP_MSG.logicSyntax} logic_syntax`,
        `warning ${REDCAP_MSG.logicUnsupportedFunction} logic_fn`,
        `warning ${REDCAP_MSG.logicUnsupported} logic_smart`,
        `warning ${REDCAP_MSG.logicUnknownField} logic_unknown`,
        `warning ${REDCAP_MSG.logicNotCheckbox} logic_code`,
        `warning ${REDCAP_MSG.calcAsText} calc_bad`,
        `warning ${REDCAP_MSG.emptyLabel} no_label`,
        `warning ${REDCAP_MSG.actionTagNotMapped} no_label`,
        `warning ${REDCAP_MSG.unknownActionTag} no_label`,
        `warning ${REDCAP_MSG.badActionTag} bad_default`,
        `warning ${REDCAP_MSG.leftOut} SHOW_code_missing`,
        `warning ${REDCAP_MSG.leftOut} cyc_a`,
      ]),
    );
    expect(result.issues.find((i) => i.values.variable === 'logic_syntax')?.values).toMatchObject({
      expression: '[n_range] = = 1',
      position: 13,
    });
    expect(rawItem(result, 'calc_bad')).toMatchObject({ fieldtype: 'text', readonly: true });
    expect(result.issues.find((i) => i.values.variable === 'SHOW_code_missing')).toMatchObject({
      at: 'line 21, column Branching Logic (Show field only if...)',
      values: { issue: 'form.codeNotAnOption', path: 'rules[0].expr' },
    });
    expect(
      result.issues.find((i) => i.messageId === REDCAP_MSG.leftOut && i.values.variable === 'cyc_a')?.at,
    ).toBe('line 18, column Variable / Field Name');
    expect(() => rawItem(result, 'lookup')).toThrow();
  });

  it('a header with no rows, and text that is not CSV at all', () => {
    expect(
      importRedcapDictionary(HEADER.map((h) => `"${h}"`).join(',')).issues.map((i) => i.messageId),
    ).toEqual([REDCAP_MSG.noFields]);
    expect(importRedcapDictionary('').definition).toBeNull();
    expect(importRedcapDictionary('\u0000\uFFFF"').definition).toBeNull();
  });
});

describe('properties', () => {
  it('never throws on arbitrary text: always an ImportResult', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const r = importRedcapDictionary(text);
        expect(Array.isArray(r.issues)).toBe(true);
        expect(r.definition === null || typeof r.definition === 'object').toBe(true);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('every imported definition compiles without issues, whatever the rows', () => {
    const word = fc.constantFrom('a', 'b', 'c', 'd', 'x1', 'chk', 'when');
    const fieldType = fc.constantFrom(
      'text',
      'notes',
      'dropdown',
      'radio',
      'checkbox',
      'yesno',
      'truefalse',
      'calc',
      'slider',
      'descriptive',
      'file',
      'sql',
      'bogus',
    );
    const validation = fc.constantFrom(
      '',
      'integer',
      'number',
      'number_2dp',
      'date_ymd',
      'time',
      'datetime_dmy',
      'email',
      'odd',
    );
    const logic = fc.oneof(
      fc.constant(''),
      fc.constantFrom(
        "[a] = '1'",
        '[b] > 2',
        "[chk(1)] = '1'",
        "[a] <> '' and [c] = 2",
        'sum([a],[b])',
        '[d] + 1',
        "if([a]=1,1,'x')",
        "datediff([a],[b],'d')",
        '[x1][a] = 1',
        '((',
        '[a] = 1 or',
      ),
      fc.string({ maxLength: 20 }),
    );
    const annotation = fc.constantFrom(
      '',
      '@HIDDEN',
      '@READONLY',
      "@DEFAULT='1'",
      '@CHARLIMIT=5',
      '@CALCTEXT([a])',
      '@FOO',
      '@DEFAULT="1,2"',
    );
    const row = fc.record({
      variable: word,
      form: fc.constantFrom('f1', 'f2'),
      type: fieldType,
      choices: fc.oneof(fc.constantFrom('1, One | 2, Two', 'a, A | b, B', '', 'bad'), logic),
      validation,
      min: fc.constantFrom('', '0', '1', 'today', '2020-01-01', 'x'),
      max: fc.constantFrom('', '10', '1', '2020-12-31'),
      branching: logic,
      annotation,
      required: fc.boolean(),
      section: fc.constantFrom('', 'Part'),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 12 }), (rows) => {
        const result = importRedcapDictionary(dictionaryCsv(rows));
        if (result.definition) {
          const forms: CompiledForm[] = compiledForms(result);
          expect(forms.length).toBe(result.definition.forms.length);
        }
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
