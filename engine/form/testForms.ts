/** Schemas for the form engine's tests (a small vital-signs form and a generated big form). Not used by the app. */
import { compileForm } from './compile/compileForm';
import type { CompiledForm, FormContext, RawFormItem, RawFormSchema } from './types';

export const CTX: FormContext = { textLimit: 100, numUnknownAllowed: false, today: '2024-06-15' };

export function vitalSigns(): RawFormSchema {
  return {
    formid: 'VS',
    tid: 'VS',
    name: { zh_CN: '生命体征', en: 'Vital signs' },
    version: 1,
    sections: [
      {
        id: 'main',
        title: 'Vital signs',
        items: [
          { variable: 'VSDAT', label: 'Date', fieldtype: 'date', required: true },
          { variable: 'VSTIM', label: 'Time', fieldtype: 'time' },
          {
            variable: 'SYSBP',
            label: 'Systolic',
            fieldtype: 'integer',
            hardRange: { min: 60, max: 250 },
            softRange: { min: 90, max: 140 },
          },
          {
            variable: 'DIABP',
            label: 'Diastolic',
            fieldtype: 'integer',
            hardRange: { min: 30, max: 150 },
            softRange: { min: 60, max: 90 },
          },
          {
            variable: 'TEMP',
            label: 'Temperature',
            fieldtype: 'decimal',
            precision: 1,
            hardRange: { min: 30, max: 45 },
            softRange: { min: 36, max: 37.5 },
          },
          { variable: 'WEIGHT', label: 'Weight', fieldtype: 'decimal', precision: 1 },
          { variable: 'HEIGHT', label: 'Height', fieldtype: 'integer' },
          {
            variable: 'BMI',
            label: 'BMI',
            fieldtype: 'calculated',
            formula: 'round([WEIGHT] / ([HEIGHT] / 100) ^ 2, 1)',
            precision: 1,
          },
        ],
      },
      {
        id: 'extra',
        title: 'More',
        items: [
          {
            variable: 'PERF',
            label: 'Performed',
            fieldtype: 'radio',
            selector: [
              { codevalue: 'Y', codedesp: 'Yes' },
              { codevalue: 'N', codedesp: 'No' },
            ],
          },
          { variable: 'REASND', label: 'Reason not done', fieldtype: 'text' },
          { variable: 'COMMENT', label: 'Comment', fieldtype: 'textarea' },
          {
            variable: 'POS',
            label: 'Positions',
            fieldtype: 'checkbox',
            selector: [
              { codevalue: 'SIT', codedesp: 'Sitting' },
              { codevalue: 'STAND', codedesp: 'Standing' },
              { codevalue: 'SUP', codedesp: 'Supine' },
            ],
          },
          { variable: 'NOTE', label: 'Note', fieldtype: 'static', text: 'Measure after 5 minutes rest' },
        ],
      },
    ],
    rules: [
      { id: 'R_SHOW_REASND', kind: 'show', target: 'REASND', expr: "[PERF] = 'N'" },
      { id: 'R_REQ_REASND', kind: 'requiredIf', target: 'REASND', expr: "[PERF] = 'N'" },
      {
        id: 'C_BP',
        kind: 'check',
        target: 'DIABP',
        expr: '[SYSBP] > [DIABP]',
        severity: 'hard',
        message: { zh_CN: '收缩压应高于舒张压', en: 'Systolic must be above diastolic' },
      },
      {
        id: 'C_BMI',
        kind: 'check',
        target: 'BMI',
        expr: '[BMI] >= 15 and [BMI] <= 40',
        severity: 'soft',
        message: { zh_CN: 'BMI 异常', en: 'Unusual BMI' },
      },
      {
        id: 'C_DATE',
        kind: 'check',
        target: 'VSDAT',
        expr: '[VSDAT] <= today()',
        severity: 'hard',
        message: 'Date in the future',
      },
    ],
  };
}

export function compiled(raw: unknown): CompiledForm {
  const result = compileForm(raw);
  if (!result.ok) throw new Error(`schema issues: ${JSON.stringify(result.issues)}`);
  return result.form;
}

const KINDS = ['text', 'integer', 'decimal', 'date', 'radio', 'select', 'checkbox'] as const;
const YN = [
  { codevalue: 'Y', codedesp: 'Yes' },
  { codevalue: 'N', codedesp: 'No' },
];

/** A deterministic big form: sections of 25 items, some ranges, show/calc/check rules every 50 items. */
export function bigForm(count: number): RawFormSchema {
  const sections: RawFormSchema['sections'] = [];
  const rules: NonNullable<RawFormSchema['rules']> = [];
  for (let i = 0; i < count; i++) {
    if (i % 25 === 0) sections.push({ id: `S${i / 25}`, title: `Section ${i / 25}`, items: [] });
    const fieldtype = KINDS[i % KINDS.length] ?? 'text';
    const item: RawFormItem = { variable: `V${i}`, label: `Item ${i}`, fieldtype };
    if (fieldtype === 'radio' || fieldtype === 'select' || fieldtype === 'checkbox') item.selector = YN;
    if (fieldtype === 'integer' && i % 20 === 1) item.hardRange = { min: 0, max: 500 };
    if (fieldtype === 'decimal' && i % 20 === 2) item.softRange = { min: 1, max: 99 };
    if (i % 50 === 10 && i > 10) {
      item.fieldtype = 'calculated';
      item.formula = `[V${i - 8}] + [V${i - 1}]`;
    }
    sections[sections.length - 1]?.items.push(item);
    // in(): the item read may be a checkbox (a list), which `=` never matches (compileForm reports it)
    if (i % 50 === 20)
      rules.push({ id: `SH${i}`, kind: 'show', target: `V${i}`, expr: `in([V${i - 3}], 'Y')` });
    if (i % 50 === 30) {
      const previous = `[V${i - 1}]`;
      const isList = KINDS[(i - 1) % KINDS.length] === 'checkbox';
      rules.push({
        id: `CK${i}`,
        kind: 'check',
        target: `V${i}`,
        expr: `isblank(${previous}) or ${isList ? `len(${previous})` : previous} >= 0`,
        severity: 'soft',
        message: 'negative',
      });
    }
  }
  return { formid: 'BIG', tid: `BIG${count}`, name: 'Big form', version: 1, sections, rules };
}
