/**
 * The dictionary's rows → a study definition: forms grouped by Form Name in order of first appearance, one visit
 * `V1` holding them all (the dictionary has no events), sections from Section Header, items from each field, code
 * lists shared by identical choice sets, show rules from branching logic, formulas from calc fields. Every loss is
 * an issue at its line and column; nothing here throws.
 */
import { isVariableName } from '../../form/compile/compileItem';
import type { RawFormItem, RawFormRule, RawFormSchema, RawFormSection } from '../../form/types';
import type { MetaText } from '../../metadata/types';
import type { StudyDefinition, StudyVisit } from '../types';
import { IRRELEVANT_TAGS, KNOWN_UNMAPPED_TAGS, parseActionTags, type ActionTag } from './actionTags';
import { CodeListBook, parseChoices, TRUEFALSE_LIST, YESNO_LIST } from './choices';
import { fieldTypeMapping, UNSUPPORTED_FIELD_TYPES, type FieldTypeMapping } from './fieldTypes';
import { htmlToText, looksLikeHtml } from './html';
import { cellAt, REDCAP_MSG, type IssueCollector, type RedcapMessageId } from './issues';
import { DICTIONARY_COLUMNS, type DictionaryColumn, type DictionaryRow } from './readDictionary';
import { translateLogic, type LogicContext, type LogicFailureKind, type LogicField } from './translateLogic';
import { validationMapping, type RangeKind, type ValidationMapping } from './validation';

export const SINGLE_VISIT = 'V1';

const at = (row: DictionaryRow, column: DictionaryColumn) => cellAt(row.line, DICTIONARY_COLUMNS[column][0]);
const yes = (text: string) => /^(y|yes|1)$/i.test(text.trim());

/** `baseline_data` → `Baseline Data`. */
export function formTitle(form: string): string {
  return form
    .split('_')
    .filter((w) => w !== '')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

const LOGIC_MSG: Readonly<Record<LogicFailureKind, RedcapMessageId>> = {
  syntax: REDCAP_MSG.logicSyntax,
  unsupportedFunction: REDCAP_MSG.logicUnsupportedFunction,
  unsupported: REDCAP_MSG.logicUnsupported,
  unknownField: REDCAP_MSG.logicUnknownField,
  otherForm: REDCAP_MSG.logicOtherForm,
  notCheckbox: REDCAP_MSG.logicNotCheckbox,
};

interface Accepted {
  row: DictionaryRow;
  type: FieldTypeMapping;
  validation: ValidationMapping | null;
  /** The engine field type (text's validation decides). */
  fieldtype: string;
}

class DictionaryMapper {
  private readonly codeLists = new CodeListBook();
  private readonly fields = new Map<string, LogicField>();

  constructor(private readonly issues: IssueCollector) {}

  /** Pass 1: which rows become items (variable, form and type usable), and each field's engine type. */
  private accept(rows: readonly DictionaryRow[]): Accepted[] {
    const accepted: Accepted[] = [];
    const firstLine = new Map<string, number>();
    for (const row of rows) {
      const { variable } = row;
      if (!isVariableName(variable)) {
        this.issues.add('error', at(row, 'variable'), REDCAP_MSG.badVariable, { variable });
        continue;
      }
      const first = firstLine.get(variable.toLowerCase());
      if (first !== undefined) {
        this.issues.add('error', at(row, 'variable'), REDCAP_MSG.duplicateVariable, { variable, first });
        continue;
      }
      firstLine.set(variable.toLowerCase(), row.line);
      if (!isVariableName(row.form)) {
        this.issues.add('error', at(row, 'form'), REDCAP_MSG.missingForm, { variable });
        continue;
      }
      if (UNSUPPORTED_FIELD_TYPES.has(row.fieldType)) {
        this.issues.add('error', at(row, 'fieldType'), REDCAP_MSG.unsupportedFieldType, {
          variable,
          fieldType: row.fieldType,
        });
        continue;
      }
      const type = fieldTypeMapping(row.fieldType);
      if (!type) {
        this.issues.add('error', at(row, 'fieldType'), REDCAP_MSG.unknownFieldType, {
          variable,
          fieldType: row.fieldType,
        });
        continue;
      }
      let validation: ValidationMapping | null = null;
      if (row.fieldType === 'text' && row.validation !== '') {
        validation = validationMapping(row.validation) ?? null;
        if (!validation) {
          this.issues.add('warning', at(row, 'validation'), REDCAP_MSG.unknownValidation, {
            variable,
            validation: row.validation,
          });
        }
      }
      const calcText = row.fieldType === 'text' || row.fieldType === 'notes';
      const fieldtype =
        calcText && parseActionTags(row.annotation).some((t) => t.name === '@CALCTEXT')
          ? 'calculated'
          : (validation?.fieldtype ?? type.fieldtype);
      accepted.push({ row, type, validation, fieldtype });
      this.fields.set(variable, { form: row.form, fieldtype });
    }
    return accepted;
  }

  map(rows: readonly DictionaryRow[]): StudyDefinition {
    const accepted = this.accept(rows);
    const forms = new Map<string, { sections: RawFormSection[]; rules: RawFormRule[]; lastIndex: number }>();
    const matrix = new Map<string, { line: number; items: number }>();
    accepted.forEach((a, index) => {
      const { row } = a;
      let form = forms.get(row.form);
      if (!form) {
        form = {
          sections: [{ id: 's1', title: formTitle(row.form), items: [] }],
          rules: [],
          lastIndex: index,
        };
        forms.set(row.form, form);
      } else if (form.lastIndex !== index - 1) {
        this.issues.add('warning', at(row, 'form'), REDCAP_MSG.formSplit, {
          variable: row.variable,
          form: row.form,
        });
      }
      form.lastIndex = index;
      if (row.sectionHeader !== '') {
        const current = form.sections[form.sections.length - 1]!;
        const title = htmlToText(row.sectionHeader) || formTitle(row.form);
        if (current.items.length === 0 && form.sections.length === 1) current.title = title;
        else form.sections.push({ id: `s${form.sections.length + 1}`, title, items: [] });
      }
      const item = this.item(a, form.rules);
      form.sections[form.sections.length - 1]!.items.push(item);
      if (row.matrixGroup !== '') {
        const group = matrix.get(row.matrixGroup) ?? { line: row.line, items: 0 };
        group.items++;
        matrix.set(row.matrixGroup, group);
      }
    });
    for (const [group, { line, items }] of matrix) {
      this.issues.add('info', cellAt(line, DICTIONARY_COLUMNS.matrixGroup[0]), REDCAP_MSG.matrixGroup, {
        group,
        items,
      });
    }
    const schemas: RawFormSchema[] = [...forms].map(([name, f]) => ({
      formid: name,
      tid: name,
      name: formTitle(name),
      version: 1,
      sections: f.sections,
      ...(f.rules.length > 0 ? { rules: f.rules } : {}),
    }));
    const visit: StudyVisit = {
      visitnum: SINGLE_VISIT,
      name: { zh_CN: '访视 1', en: 'Visit 1' },
      kind: 'scheduled',
      day: null,
      tids: schemas.map((s) => s.tid),
      optionalTids: [],
    };
    return {
      studycode: 'REDCAP',
      name: { zh_CN: 'REDCap 项目', en: 'REDCap project' },
      description: null,
      version: '1',
      visits: schemas.length > 0 ? [visit] : [],
      forms: schemas,
      codeLists: this.codeLists.all(),
    };
  }

  /** One field → one item; its show rule and range checks go to `rules`. */
  private item(a: Accepted, rules: RawFormRule[]): RawFormItem {
    const { row, type, validation } = a;
    const { variable } = row;
    let label: MetaText = row.label;
    if (row.label === '') {
      this.issues.add('warning', at(row, 'label'), REDCAP_MSG.emptyLabel, { variable });
      label = variable;
    }
    const item: RawFormItem = { variable, label, fieldtype: a.fieldtype };
    if (row.label !== '' && looksLikeHtml(row.label)) item.labelFormat = 'html';
    if (row.note !== '') item.help = htmlToText(row.note);
    if (yes(row.required) && !['static', 'calculated', 'file'].includes(a.fieldtype)) item.required = true;
    if (yes(row.identifier)) item.identifier = true;

    const approximated = validation?.approximated ?? type.approximated;
    if (approximated) {
      this.issues.add(
        'info',
        at(row, row.fieldType === 'text' ? 'validation' : 'fieldType'),
        REDCAP_MSG.approximated,
        {
          variable,
          fieldType: row.fieldType,
          validation: row.validation,
          as: a.fieldtype,
          detail: approximated,
        },
      );
    }
    if (row.fieldType === 'file' && row.validation.toLowerCase() === 'signature') {
      this.issues.add('info', at(row, 'validation'), REDCAP_MSG.approximated, {
        variable,
        fieldType: row.fieldType,
        validation: row.validation,
        as: 'file',
        detail: 'a file slot instead of a drawn signature',
      });
    }
    if (validation?.precision !== undefined) item.precision = validation.precision;
    if (validation?.pattern && a.fieldtype === 'text') item.pattern = validation.pattern;

    this.options(a, item);
    const tags = parseActionTags(row.annotation);
    const force = tags.some((t) => t.name === '@FORCE-MINMAX');
    this.ranges(a, item, rules, force);
    if (a.fieldtype === 'calculated') this.formula(a, item, tags);
    this.actionTags(a, item, tags);
    // A read-only item cannot be filled in: required would refuse every save of the form.
    if (item.readonly) delete item.required;
    if (row.branching !== '') {
      const expr = this.translate(row, 'branching', row.branching);
      if (expr !== null) rules.push({ id: `SHOW_${variable}`, kind: 'show', target: variable, expr });
    }
    return item;
  }

  private options(a: Accepted, item: RawFormItem): void {
    const { row, type } = a;
    if (type.options === 'yesno') item.codelisttype = this.codeLists.standard(YESNO_LIST);
    if (type.options === 'truefalse') item.codelisttype = this.codeLists.standard(TRUEFALSE_LIST);
    if (type.options !== 'choices') return;
    const { choices, bad, duplicates } = parseChoices(row.choices);
    for (const choice of bad) {
      this.issues.add('warning', at(row, 'choices'), REDCAP_MSG.badChoice, {
        variable: row.variable,
        choice,
      });
    }
    for (const code of duplicates) {
      this.issues.add('warning', at(row, 'choices'), REDCAP_MSG.duplicateChoice, {
        variable: row.variable,
        code,
      });
    }
    if (choices.length === 0) {
      // A choice field without choices cannot take a value: imported as a read-only text so that nothing is lost.
      this.issues.add('error', at(row, 'choices'), REDCAP_MSG.noChoices, {
        variable: row.variable,
        fieldType: row.fieldType,
      });
      item.fieldtype = 'text';
      item.readonly = true;
      return;
    }
    // Code-list labels are plain text everywhere they are shown (widgets, grids, exports): HTML becomes its text.
    const plain = choices.map((c) =>
      looksLikeHtml(c.label) ? { ...c, label: htmlToText(c.label) || c.code } : c,
    );
    item.codelisttype = this.codeLists.listFor(row.variable, plain);
  }

  /** Min/max: numbers → a soft range (hard with @FORCE-MINMAX); dates and times → a soft (hard) check rule. */
  private ranges(a: Accepted, item: RawFormItem, rules: RawFormRule[], force: boolean): void {
    const { row } = a;
    const slider = row.fieldType === 'slider';
    if (row.min === '' && row.max === '' && !slider) return;
    const kind: RangeKind = slider
      ? 'number'
      : a.fieldtype === 'calculated'
        ? 'none'
        : (a.validation?.rangeKind ?? 'none');
    if (kind === 'none') {
      this.issues.add('warning', at(row, row.min !== '' ? 'min' : 'max'), REDCAP_MSG.rangeIgnored, {
        variable: row.variable,
        fieldType: row.fieldType,
      });
      return;
    }
    if (kind === 'number') {
      const bound = (column: 'min' | 'max'): number | undefined => {
        const text = row[column];
        if (text === '') return undefined;
        const n = /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : NaN;
        if (Number.isFinite(n)) return n;
        this.issues.add('warning', at(row, column), REDCAP_MSG.badRange, {
          variable: row.variable,
          value: text,
        });
        return undefined;
      };
      const min = bound('min') ?? (slider ? 0 : undefined);
      const max = bound('max') ?? (slider ? 100 : undefined);
      if (min !== undefined && max !== undefined && min > max) {
        this.issues.add('warning', at(row, 'min'), REDCAP_MSG.badRange, {
          variable: row.variable,
          value: `${min} > ${max}`,
        });
        return;
      }
      const range = { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
      if (min === undefined && max === undefined) return;
      if (slider || force) item.hardRange = range;
      else item.softRange = range;
      return;
    }
    const literal = (column: 'min' | 'max'): string | null | undefined => {
      const text = row[column];
      if (text === '') return undefined;
      if (/^today$/i.test(text) && kind === 'date') return 'today()';
      const shapes: Record<string, RegExp> = {
        date: /^\d{4}-\d{2}-\d{2}$/,
        datetime: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
        time: /^\d{1,2}:\d{2}$/,
      };
      if (shapes[kind]!.test(text)) return `'${kind === 'time' && text.length === 4 ? `0${text}` : text}'`;
      this.issues.add('warning', at(row, column), REDCAP_MSG.badRange, {
        variable: row.variable,
        value: text,
      });
      return null;
    };
    const min = literal('min');
    const max = literal('max');
    const parts = [
      ...(typeof min === 'string' ? [`[${row.variable}] >= ${min}`] : []),
      ...(typeof max === 'string' ? [`[${row.variable}] <= ${max}`] : []),
    ];
    if (parts.length === 0) return;
    const shownMin = typeof min === 'string' ? row.min : '';
    const shownMax = typeof max === 'string' ? row.max : '';
    const message: MetaText =
      shownMin && shownMax
        ? {
            zh_CN: `应在 ${shownMin} 与 ${shownMax} 之间`,
            en: `Expected between ${shownMin} and ${shownMax}`,
          }
        : shownMin
          ? { zh_CN: `应不早于 ${shownMin}`, en: `Expected no earlier than ${shownMin}` }
          : { zh_CN: `应不晚于 ${shownMax}`, en: `Expected no later than ${shownMax}` };
    rules.push({
      id: `RANGE_${row.variable}`,
      kind: 'check',
      target: row.variable,
      expr: parts.join(' and '),
      severity: force ? 'hard' : 'soft',
      message,
    });
  }

  private formula(a: Accepted, item: RawFormItem, tags: readonly ActionTag[]): void {
    const { row } = a;
    const calcText = tags.find((t) => t.name === '@CALCTEXT');
    const source = row.fieldType === 'calc' ? row.choices : (calcText?.value ?? '');
    const column: DictionaryColumn = row.fieldType === 'calc' ? 'choices' : 'annotation';
    const expr = source.trim() === '' ? null : this.translate(row, column, source);
    if (expr !== null) {
      item.formula = expr;
      if (row.fieldType === 'calc') item.precision = 10;
      delete item.pattern;
      return;
    }
    this.issues.add('warning', at(row, column), REDCAP_MSG.calcAsText, { variable: row.variable });
    item.fieldtype = 'text';
    item.readonly = true;
  }

  private actionTags(a: Accepted, item: RawFormItem, tags: readonly ActionTag[]): void {
    const { row } = a;
    const where = at(row, 'annotation');
    let hidden = false;
    for (const tag of tags) {
      switch (tag.name) {
        case '@HIDDEN':
        case '@HIDDEN-FORM':
          hidden = true;
          break;
        case '@READONLY':
        case '@READONLY-FORM':
          item.readonly = true;
          break;
        case '@DEFAULT': {
          const value = tag.value ?? '';
          if (value === '' || /\[/.test(value)) {
            this.issues.add('warning', where, REDCAP_MSG.badActionTag, {
              variable: row.variable,
              tag: tag.name,
              value,
            });
            break;
          }
          const values =
            item.fieldtype === 'checkbox'
              ? value
                  .split(',')
                  .map((v) => v.trim())
                  .filter((v) => v !== '')
              : [value];
          const codes = item.codelisttype
            ? this.codeLists.options(item.codelisttype).map((o) => o.codevalue)
            : null;
          if (codes !== null && values.some((v) => !codes.includes(v))) {
            this.issues.add('warning', where, REDCAP_MSG.badActionTag, {
              variable: row.variable,
              tag: tag.name,
              value,
            });
            break;
          }
          item.default = item.fieldtype === 'checkbox' ? values : value;
          break;
        }
        case '@CHARLIMIT': {
          const n = Number(tag.value);
          if (
            Number.isInteger(n) &&
            n >= 1 &&
            n <= 20000 &&
            (item.fieldtype === 'text' || item.fieldtype === 'textarea')
          ) {
            item.length = n;
          } else {
            this.issues.add('warning', where, REDCAP_MSG.badActionTag, {
              variable: row.variable,
              tag: tag.name,
              value: tag.value ?? '',
            });
          }
          break;
        }
        case '@CALCTEXT':
        case '@FORCE-MINMAX':
          break;
        default:
          if (IRRELEVANT_TAGS.has(tag.name)) break;
          this.issues.add(
            'warning',
            where,
            KNOWN_UNMAPPED_TAGS.has(tag.name) ? REDCAP_MSG.actionTagNotMapped : REDCAP_MSG.unknownActionTag,
            { variable: row.variable, tag: tag.name },
          );
      }
    }
    if (!hidden) return;
    // REDCap's @HIDDEN only hides the field: its value (a default, a calculation, an imported or @SETVALUE value) is
    // kept. The engine's `hidden` saves the item blank, so @HIDDEN is imported as read-only (shown) to lose nothing.
    item.readonly = true;
    this.issues.add('info', where, REDCAP_MSG.approximated, {
      variable: row.variable,
      fieldType: row.fieldType,
      validation: row.validation,
      as: item.fieldtype,
      detail: '@HIDDEN imported as read-only: a hidden item is saved blank, REDCap keeps its value',
    });
  }

  /** Translate logic of `row` in `column`; null (reported) when it cannot be. */
  private translate(row: DictionaryRow, column: DictionaryColumn, source: string): string | null {
    const ctx: LogicContext = { form: row.form, fields: this.fields };
    const result = translateLogic(source, ctx);
    if (result.ok) {
      for (const event of new Set(result.droppedEvents)) {
        this.issues.add('info', at(row, column), REDCAP_MSG.eventPrefixDropped, {
          variable: row.variable,
          event,
        });
      }
      return result.expr;
    }
    const { failure } = result;
    this.issues.add('warning', at(row, column), LOGIC_MSG[failure.kind], {
      variable: row.variable,
      expression: source,
      position: failure.position,
      token: failure.token,
      ...(failure.form ? { form: failure.form } : {}),
    });
    return null;
  }
}

export function mapDictionary(rows: readonly DictionaryRow[], issues: IssueCollector): StudyDefinition {
  return new DictionaryMapper(issues).map(rows);
}
