import { CheckboxWidget, MultiSelectWidget, RadioWidget, SelectWidget } from './ChoiceWidgets';
import { CalculatedWidget, StaticWidget, UploadSlotWidget } from './OtherWidgets';
import {
  DateTimeWidget,
  DateWidget,
  DecimalWidget,
  IntegerWidget,
  TextareaWidget,
  TextWidget,
  TimeWidget,
} from './TextWidgets';
import type { FormWidgetRegistry } from './types';

/** The widget of every built-in form field type (engine/form FORM_FIELD_TYPES). */
export const formWidgets: FormWidgetRegistry = {
  text: TextWidget,
  textarea: TextareaWidget,
  integer: IntegerWidget,
  decimal: DecimalWidget,
  date: DateWidget,
  time: TimeWidget,
  datetime: DateTimeWidget,
  radio: RadioWidget,
  checkbox: CheckboxWidget,
  select: SelectWidget,
  mselect: MultiSelectWidget,
  calculated: CalculatedWidget,
  file: UploadSlotWidget,
  image: UploadSlotWidget,
  static: StaticWidget,
};
