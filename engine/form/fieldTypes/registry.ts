/** The form field-type registry with the built-in eCRF field types (FORM_FIELD_TYPES). */
import { createNamedRegistry } from '../../registry/namedRegistry';
import { checkboxFieldType, mselectFieldType, radioFieldType, selectFieldType } from './choiceTypes';
import { dateFieldType, datetimeFieldType, timeFieldType } from './dateTypes';
import { decimalFieldType, integerFieldType } from './numberTypes';
import { calculatedFieldType, fileFieldType, imageFieldType, staticFieldType } from './otherTypes';
import { textareaFieldType, textFieldType } from './textTypes';
import type { FormFieldTypeDef, FormFieldTypeRegistry } from './types';

/** The built-in types, in FORM_FIELD_TYPES order. */
export const builtinFormFieldTypes: readonly FormFieldTypeDef[] = [
  textFieldType,
  textareaFieldType,
  integerFieldType,
  decimalFieldType,
  dateFieldType,
  timeFieldType,
  datetimeFieldType,
  radioFieldType,
  checkboxFieldType,
  selectFieldType,
  mselectFieldType,
  calculatedFieldType,
  fileFieldType,
  imageFieldType,
  staticFieldType,
];

export function createFormFieldTypeRegistry(defs: readonly FormFieldTypeDef[] = []): FormFieldTypeRegistry {
  return createNamedRegistry(defs);
}

/** A fresh registry with the built-in types (register more on it freely). */
export function defaultFormFieldTypes(): FormFieldTypeRegistry {
  return createFormFieldTypeRegistry(builtinFormFieldTypes);
}

/** One shared default registry for forms compiled without a registry of their own (never register on it). */
export const DEFAULT_FORM_FIELD_TYPES: FormFieldTypeRegistry = defaultFormFieldTypes();
