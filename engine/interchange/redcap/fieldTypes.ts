/**
 * REDCap field types → the engine's field types (docs/interchange-redcap.md has the table). `text` depends on its
 * validation type (./validation.ts); choices come from ./choices.ts.
 */

export type ChoiceSource = 'choices' | 'yesno' | 'truefalse' | null;

export interface FieldTypeMapping {
  fieldtype: string;
  /** Where the options come from. */
  options: ChoiceSource;
  /** Imported as something close, not the same: what differs (an info issue). */
  approximated?: string;
}

export const FIELD_TYPES: Readonly<Record<string, FieldTypeMapping>> = {
  text: { fieldtype: 'text', options: null },
  notes: { fieldtype: 'textarea', options: null },
  dropdown: { fieldtype: 'select', options: 'choices' },
  radio: { fieldtype: 'radio', options: 'choices' },
  checkbox: { fieldtype: 'checkbox', options: 'choices' },
  yesno: { fieldtype: 'radio', options: 'yesno' },
  truefalse: { fieldtype: 'radio', options: 'truefalse' },
  calc: { fieldtype: 'calculated', options: null },
  slider: {
    fieldtype: 'integer',
    options: null,
    approximated: 'a whole number typed in its range (min–max, default 0–100) instead of a slider',
  },
  descriptive: { fieldtype: 'static', options: null },
  file: { fieldtype: 'file', options: null },
};

/** REDCap field types the engine cannot import. */
export const UNSUPPORTED_FIELD_TYPES: ReadonlySet<string> = new Set(['sql']);

export function fieldTypeMapping(fieldType: string): FieldTypeMapping | undefined {
  return Object.hasOwn(FIELD_TYPES, fieldType) ? FIELD_TYPES[fieldType] : undefined;
}
