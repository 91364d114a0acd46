/**
 * CSV text → the dictionary's rows, typed by column. REDCap's documented header (the "Data Dictionary" download)
 * and the API's snake_case header are both recognised; columns are found by name, in any order.
 */
import { REDCAP_MSG, type IssueCollector } from './issues';
import { readCsv } from './readCsv';

export interface DictionaryRow {
  /** 1-based line where the row starts in the file. */
  line: number;
  variable: string;
  form: string;
  sectionHeader: string;
  fieldType: string;
  label: string;
  choices: string;
  note: string;
  validation: string;
  min: string;
  max: string;
  identifier: string;
  branching: string;
  required: string;
  alignment: string;
  questionNumber: string;
  matrixGroup: string;
  matrixRanking: string;
  annotation: string;
}

export type DictionaryColumn = Exclude<keyof DictionaryRow, 'line'>;

/** Each column: its documented title and the API's name. */
export const DICTIONARY_COLUMNS: Readonly<Record<DictionaryColumn, readonly [string, string]>> = {
  variable: ['Variable / Field Name', 'field_name'],
  form: ['Form Name', 'form_name'],
  sectionHeader: ['Section Header', 'section_header'],
  fieldType: ['Field Type', 'field_type'],
  label: ['Field Label', 'field_label'],
  choices: ['Choices, Calculations, OR Slider Labels', 'select_choices_or_calculations'],
  note: ['Field Note', 'field_note'],
  validation: ['Text Validation Type OR Show Slider Number', 'text_validation_type_or_show_slider_number'],
  min: ['Text Validation Min', 'text_validation_min'],
  max: ['Text Validation Max', 'text_validation_max'],
  identifier: ['Identifier?', 'identifier'],
  branching: ['Branching Logic (Show field only if...)', 'branching_logic'],
  required: ['Required Field?', 'required_field'],
  alignment: ['Custom Alignment', 'custom_alignment'],
  questionNumber: ['Question Number (surveys only)', 'question_number'],
  matrixGroup: ['Matrix Group Name', 'matrix_group_name'],
  matrixRanking: ['Matrix Ranking?', 'matrix_ranking'],
  annotation: ['Field Annotation', 'field_annotation'],
};

/** Without these the file is not a dictionary (older REDCap versions lack the others: they read as empty). */
export const REQUIRED_COLUMNS: readonly DictionaryColumn[] = ['variable', 'form', 'fieldType', 'label'];

const normalise = (title: string) => title.trim().toLowerCase().replace(/\s+/g, ' ');

const COLUMN_BY_TITLE: ReadonlyMap<string, DictionaryColumn> = new Map(
  (Object.entries(DICTIONARY_COLUMNS) as [DictionaryColumn, readonly [string, string]][]).flatMap(
    ([column, titles]) => titles.map((t) => [normalise(t), column] as const),
  ),
);

/** The column a header title names, or null. */
export function columnOf(title: string): DictionaryColumn | null {
  return COLUMN_BY_TITLE.get(normalise(title)) ?? null;
}

/** True when the first record is a dictionary header (the required columns present, by either naming). */
export function isDictionaryHeader(firstLine: string): boolean {
  const columns = new Set(
    (readCsv(firstLine).records[0]?.fields ?? [])
      .map(columnOf)
      .filter((c): c is DictionaryColumn => c !== null),
  );
  return REQUIRED_COLUMNS.every((c) => columns.has(c));
}

/** The rows, or null when the header lacks required columns (reported). */
export function readDictionary(text: string, issues: IssueCollector): DictionaryRow[] | null {
  const { records, unterminatedQuoteAt } = readCsv(text);
  if (unterminatedQuoteAt !== null) {
    issues.add('error', `line ${unterminatedQuoteAt}`, REDCAP_MSG.csvUnterminatedQuote, {
      line: unterminatedQuoteAt,
    });
  }
  const [header, ...body] = records;
  const index = new Map<DictionaryColumn, number>();
  (header?.fields ?? []).forEach((title, i) => {
    const column = columnOf(title);
    if (column !== null && !index.has(column)) index.set(column, i);
  });
  const missing = REQUIRED_COLUMNS.filter((c) => !index.has(c));
  if (missing.length > 0) {
    issues.add('error', 'line 1', REDCAP_MSG.missingColumns, {
      columns: missing.map((c) => DICTIONARY_COLUMNS[c][0]).join(', '),
    });
    return null;
  }
  const rows: DictionaryRow[] = [];
  for (const record of body) {
    if (record.fields.every((f) => f.trim() === '')) continue;
    const cell = (column: DictionaryColumn) => {
      const i = index.get(column);
      return i === undefined ? '' : (record.fields[i] ?? '').trim();
    };
    rows.push({
      line: record.line,
      variable: cell('variable'),
      form: cell('form'),
      sectionHeader: cell('sectionHeader'),
      fieldType: cell('fieldType').toLowerCase(),
      label: cell('label'),
      choices: cell('choices'),
      note: cell('note'),
      validation: cell('validation'),
      min: cell('min'),
      max: cell('max'),
      identifier: cell('identifier'),
      branching: cell('branching'),
      required: cell('required'),
      alignment: cell('alignment'),
      questionNumber: cell('questionNumber'),
      matrixGroup: cell('matrixGroup'),
      matrixRanking: cell('matrixRanking'),
      annotation: cell('annotation'),
    });
  }
  if (rows.length === 0) issues.add('error', 'file', REDCAP_MSG.noFields);
  return rows;
}
