/**
 * The form field-type registry: what the engine knows about each eCRF `fieldtype` (how its value is kept, how it is
 * checked, what rules see). New field types are added by registering a FormFieldTypeDef; nothing in the form engine
 * switches on field-type names.
 */
import type { NamedRegistry } from '../../registry/namedRegistry';
import type { RuleValue } from '../../rules/types';
import type { CompiledItem, FieldProblem, FormContext, FormValue } from '../types';

/** How an item keeps its value: one text, a list of code values, or nothing (static text, file and image slots). */
export type ValueKind = 'text' | 'list' | 'none';

export interface FormFieldTypeDef {
  name: string;
  valueKind: ValueKind;
  /** Choice types: the schema must give `selector` or `codelisttype`. */
  needsOptions: boolean;
  /** Text types: a maximum length (and a pattern) applies. */
  textLike: boolean;
  /** Number types: hard and soft ranges apply. */
  numeric: boolean;
  /** The value is computed from a `formula`, never typed (ranges still apply to a numeric result). */
  computed: boolean;
  /** Default maximum length when the item gives none (textarea: 2000); absent → the session's `textLimit`. */
  defaultMaxLength?: number;
  /** The value the rule language sees for a value of this item (null when blank or not valid). */
  ruleValue(item: CompiledItem, value: FormValue): RuleValue;
  /**
   * Problems with a value that is not blank (blank values are the `required` check's business): type, format,
   * length, pattern, options. Ranges and rules are checked by validateForm.
   */
  checkValue(item: CompiledItem, value: FormValue, ctx: FormContext): FieldProblem[];
}

/** Form field types by name (registering a name twice replaces the earlier one). */
export type FormFieldTypeRegistry = NamedRegistry<FormFieldTypeDef>;
