import { DateRangeWidget } from './DateRangeWidget';
import { DateWidget } from './DateWidget';
import { MultiSelectWidget } from './MultiSelectWidget';
import { SelectWidget } from './SelectWidget';
import { NumberWidget, TextWidget } from './TextWidget';
import type { WidgetRegistry } from './types';

/** The widgets the built-in field types name (engine/fieldTypes/registry.ts). */
export const builtinWidgets: WidgetRegistry = {
  text: TextWidget,
  number: NumberWidget,
  date: DateWidget,
  dateRange: DateRangeWidget,
  select: SelectWidget,
  mselect: MultiSelectWidget,
};

/** The built-in widgets with a screen's own added (or replacing one of the same name). */
export function withWidgets(extra: WidgetRegistry = {}): WidgetRegistry {
  return { ...builtinWidgets, ...extra };
}
