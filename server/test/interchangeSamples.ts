/**
 * Study definitions for the interchange's tests and fixtures (server/domains/interchange): a test importer that
 * reads a JSON StudyDefinition behind a marker line — so that the server's import, report and publish are tested
 * without the real ODM and REDCap importers, which are written apart — and a small definition (one visit, one form
 * with a date, a ranged integer and a coded item, one code list).
 */
import type { RawFormSchema } from '../../engine/form/types';
import type { ImportResult, StudyDefinition, StudyImporter } from '../../engine/interchange/types';

export const MARKER = '#EDC-TEST-DEFINITION';

export const testImporter: StudyImporter = {
  format: 'test',
  detect: (text) => text.startsWith(MARKER),
  read(text): ImportResult {
    try {
      const definition = JSON.parse(text.slice(MARKER.length)) as StudyDefinition;
      return {
        definition,
        issues: [],
        counts: { forms: definition.forms.length, visits: definition.visits.length },
      };
    } catch {
      return {
        definition: null,
        issues: [
          { severity: 'error', at: 'line 2', messageId: 'interchange.issue.notImplemented', values: {} },
        ],
        counts: {},
      };
    }
  },
};

export const item = (variable: string, extra: Record<string, unknown> = {}) => ({
  variable,
  label: { zh_CN: variable, en: variable },
  fieldtype: 'text',
  ...extra,
});

export function formOf(tid: string, items: unknown[]): RawFormSchema {
  return {
    formid: tid,
    tid,
    name: { zh_CN: `表单 ${tid}`, en: `Form ${tid}` },
    version: 1,
    sections: [
      { id: 's1', title: { zh_CN: '一', en: 'One' }, items: items as RawFormSchema['sections'][0]['items'] },
    ],
  };
}

export function definition(over: Partial<StudyDefinition> = {}): StudyDefinition {
  return {
    studycode: 'IMPORTED',
    name: { zh_CN: '导入研究', en: 'Imported study' },
    description: null,
    version: 'MDV.1',
    visits: [
      {
        visitnum: 'IMPV1',
        name: { zh_CN: '导入访视', en: 'Imported visit' },
        kind: 'scheduled',
        day: 7,
        tids: ['IMPQOL'],
        optionalTids: [],
      },
    ],
    forms: [
      formOf('IMPQOL', [
        item('QOLDAT', { fieldtype: 'date', required: true }),
        item('QOLSCORE', { fieldtype: 'integer', hardRange: { min: 0, max: 10 } }),
        item('QOLFEEL', { fieldtype: 'radio', codelisttype: 'IMP_FEEL' }),
      ]),
    ],
    codeLists: [
      {
        name: 'IMP_FEEL',
        dataType: 'text',
        items: [
          { codevalue: 'G', codedesp: { zh_CN: '好', en: 'Good' } },
          { codevalue: 'B', codedesp: { zh_CN: '差', en: 'Bad' } },
        ],
      },
    ],
    ...over,
  };
}

export const fileOf = (d: StudyDefinition | string) =>
  `${MARKER}${typeof d === 'string' ? d : JSON.stringify(d)}`;
