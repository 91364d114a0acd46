/**
 * The fields of a casebook dialog as configuration (adding a subject, its changes, visits, forms and marks): one
 * declarative list per dialog, drawn by DialogFields and sent by FormDialog. A field names its value, its label
 * (a message id), whether it is required, and how it is typed: text, a choice, a date (never typed: spec §5) or a
 * value shown read-only. What a dialog computes as it goes (a number checked as typed, options read from the server)
 * is part of the list it builds on each render.
 */

export type FieldValue = string | null;
export type FieldValues = Readonly<Record<string, FieldValue>>;

interface FieldBase {
  /** The key of the value in FieldValues. */
  name: string;
  /** Message id of the label. */
  labelId: string;
  required?: boolean;
  /** Message id shown when a required value is missing after a save was tried (default `casebook.required`). */
  requiredId?: string;
  disabled?: boolean;
  /** Shown under the field (before the missing-value message is due); null: nothing. */
  helper?: string | null;
  /** Whether the field shows as wrong now, besides a missing required value. */
  error?: boolean;
  /** data-testid of the input (text, date) or of the shown choice (select). */
  testId?: string;
  /** data-testid of the helper line, which is then announced (role status). */
  helperTestId?: string;
  /** Takes half the dialog's width (two such fields side by side). */
  half?: boolean;
}

export interface TextFieldDef extends FieldBase {
  kind: 'text';
  maxLength?: number;
  multiline?: boolean;
  /** Digits only, with the numeric keyboard. */
  numeric?: boolean;
  /** Applied to what is typed (e.g. upper case). */
  normalize?(raw: string): string;
}

export interface SelectOption {
  value: string;
  label: string;
  /** Drawn as a hint rather than a value (e.g. "not given"). */
  emphasis?: boolean;
}

export interface SelectFieldDef extends FieldBase {
  kind: 'select';
  options: readonly SelectOption[];
}

export interface DateFieldDef extends FieldBase {
  kind: 'date';
}

/** A value shown for context, not changed (e.g. the current status). */
export interface ReadonlyFieldDef extends FieldBase {
  kind: 'readonly';
  value: string;
}

export type DialogField = TextFieldDef | SelectFieldDef | DateFieldDef | ReadonlyFieldDef;

const isBlank = (v: FieldValue | undefined) => v === null || v === undefined || v.trim() === '';

/** The required fields without a value. */
export function missingFields(fields: readonly DialogField[], values: FieldValues): string[] {
  return fields
    .filter((f) => f.required && f.kind !== 'readonly' && isBlank(values[f.name]))
    .map((f) => f.name);
}

/** The text of a value, trimmed ('' when none). */
export function textOf(values: FieldValues, name: string): string {
  return (values[name] ?? '').trim();
}
