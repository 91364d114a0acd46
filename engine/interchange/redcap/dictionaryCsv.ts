/**
 * A REDCap data dictionary written from field specs (the documented 18-column header, RFC 4180 quoting): for tests,
 * stories and the builder playground, where a small dictionary is easier to read as data than as CSV text.
 */
export const HEADER = [
  'Variable / Field Name',
  'Form Name',
  'Section Header',
  'Field Type',
  'Field Label',
  'Choices, Calculations, OR Slider Labels',
  'Field Note',
  'Text Validation Type OR Show Slider Number',
  'Text Validation Min',
  'Text Validation Max',
  'Identifier?',
  'Branching Logic (Show field only if...)',
  'Required Field?',
  'Custom Alignment',
  'Question Number (surveys only)',
  'Matrix Group Name',
  'Matrix Ranking?',
  'Field Annotation',
];

export interface FieldSpec {
  variable: string;
  type: string;
  form?: string;
  label?: string;
  choices?: string;
  validation?: string;
  min?: string;
  max?: string;
  branching?: string;
  annotation?: string;
  required?: boolean;
  identifier?: boolean;
  section?: string;
  matrix?: string;
}

const cell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export function dictionaryCsv(fields: readonly FieldSpec[]): string {
  const rows = fields.map((f) =>
    [
      f.variable,
      f.form ?? 'main',
      f.section ?? '',
      f.type,
      f.label ?? f.variable,
      f.choices ?? '',
      '',
      f.validation ?? '',
      f.min ?? '',
      f.max ?? '',
      f.identifier ? 'y' : '',
      f.branching ?? '',
      f.required ? 'y' : '',
      '',
      '',
      f.matrix ?? '',
      '',
      f.annotation ?? '',
    ]
      .map(cell)
      .join(','),
  );
  return [HEADER.map(cell).join(','), ...rows].join('\r\n');
}
