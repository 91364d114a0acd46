/**
 * Search widgets: one React component per widget name a field type's SearchBehaviour asks for (`text`, `number`,
 * `date`, `dateRange`, `select`, `mselect`). A screen adds a widget by putting it in the registry it hands the
 * SearchBar (`widgets` prop); nothing switches on the names.
 */
import type { ComponentType } from 'react';
import type { SearchBehaviour, ValueProblem } from '../../../engine/fieldTypes/types';
import type { SearchFieldDef, SearchValue } from '../../../engine/metadata/types';

export interface SearchWidgetProps {
  field: SearchFieldDef;
  behaviour: SearchBehaviour;
  /** The field's label in the current language. */
  label: string;
  value: SearchValue;
  onChange(value: SearchValue): void;
  /** Asks for a search now (Enter in a text input). */
  onSubmit(): void;
  /** What the field type says about the current value (errors block the search; warnings only inform). */
  problems: readonly ValueProblem[];
  /** Unique DOM id prefix for the inputs of this item. */
  id: string;
}

export type SearchWidget = ComponentType<SearchWidgetProps>;

/** Widget name → component. */
export type WidgetRegistry = Readonly<Record<string, SearchWidget>>;
