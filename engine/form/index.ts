/**
 * eCRF form engine (docs/form-schema.md): compile a schema once, then evaluate, validate and plan saves with the same
 * functions in the browser and on the reference server.
 */
export * from './types';
export { FORM_MSG, type FormMessageId } from './messages';
export type { FormFieldTypeDef, FormFieldTypeRegistry, ValueKind } from './fieldTypes/types';
export {
  builtinFormFieldTypes,
  createFormFieldTypeRegistry,
  defaultFormFieldTypes,
} from './fieldTypes/registry';
export { TEXTAREA_MAX_LENGTH, maxLengthOf } from './fieldTypes/textTypes';
export { isDateTime, isPartialDate, isTime } from './fieldTypes/dateTypes';
export { compileForm, CYCLE_ARROW, type FormCompileOptions } from './compile/compileForm';
export { VARIABLE_NAME, MAX_ITEM_LENGTH } from './compile/compileItem';
export { compileFormCached } from './compileCached';
export { fieldTypeOf } from './formIndex';
export { evaluateFormState, evaluateFormStateOf, calculatedValue } from './state';
export { validateForm, validateItems, hasErrors, hasWarnings } from './validate';
export { mergeProblems, warningsOf } from './mergeProblems';
export {
  prepareForSave,
  changedVariables,
  planSave,
  hasReasonText,
  type SavePlan,
  type SavePlanInput,
} from './save';
export { defaultValues, toAuditText } from './entry';
export { withOptions, type CodeListLookup } from './withOptions';
export { isBlankValue, normaliseValue, sameValue, numberOf } from './values';
