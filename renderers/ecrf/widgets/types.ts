/**
 * eCRF widgets: one component per form field type, registered by fieldtype name (formWidgets). A new field type
 * gets a widget by adding it to a registry handed to EcrfForm — nothing switches on the names.
 */
import type { ComponentType, Ref } from 'react';
import type { CompiledItem, FormValue } from '../../../engine/form/types';

export interface FormWidgetProps {
  item: CompiledItem;
  value: FormValue;
  /** The new value (text as typed, a list of codes, or null when blank). */
  onChange(value: FormValue): void;
  onBlur(): void;
  /** DOM id of the (first) input: the row's label points at it. */
  inputId: string;
  /** id of the row's label (groups of radios and checkboxes are named by it). */
  labelId: string;
  /** ids of the problem texts describing the input. */
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
  readOnly: boolean;
  /** The element focusFirstProblem focuses. */
  inputRef: Ref<HTMLElement>;
}

/**
 * A widget is drawn by a form row inside `<EcrfForm>` and may read the form's environment (`useEcrfEnv`: the UI
 * language, the texts translated once per form); the built-in widgets do, so they are not rendered on their own.
 */
export type FormWidget = ComponentType<FormWidgetProps>;

/** fieldtype → widget. */
export type FormWidgetRegistry = Readonly<Record<string, FormWidget>>;

/** The text an input shows for a value (lists are never shown in a text input). */
export function textOf(value: FormValue): string {
  return typeof value === 'string' ? value : '';
}

/** What a text input's change gives: '' is blank (null); anything else exactly as typed. */
export function fromText(text: string): FormValue {
  return text === '' ? null : text;
}
