/** What every field row of one EcrfForm shares (one stable object per mounted form). */
import { createContext, useContext } from 'react';
import type { ItemStatus } from '../../engine/api/data';
import type { Locale } from '../../engine/api/localized';
import { fieldTypeOf } from '../../engine/form/formIndex';
import type { CompiledForm, CompiledItem } from '../../engine/form/types';
import type { FormRuntime } from './formRuntime';
import type { EcrfTexts } from './ecrfTexts';
import type { DrawnAdornment } from './ItemAdornments';
import type { FormWidgetRegistry } from './widgets/types';

export interface EcrfEnv {
  form: CompiledForm;
  /** Values, hidden / required and problems of every item (a row subscribes to its own). */
  runtime: FormRuntime;
  widgets: FormWidgetRegistry;
  /** DOM id prefix of this form's inputs. */
  idPrefix: string;
  readOnly: boolean;
  itemStatus: Readonly<Record<string, ItemStatus>> | undefined;
  /** The item adornments drawn at each row, with their texts in the UI language (translated once per form). */
  adornments: readonly DrawnAdornment[];
  /** The UI language of metadata texts (labels, units, options). */
  locale: Locale;
  /** The UI texts rows and widgets repeat, translated once per form (ecrfTexts.ts). */
  texts: EcrfTexts;
  /** A field's value changed (already in the form values): recompute rules, validate it and its dependents. */
  changed(variable: string): void;
}

export const EcrfEnvContext = createContext<EcrfEnv | null>(null);

export function useEcrfEnv(): EcrfEnv {
  const env = useContext(EcrfEnvContext);
  if (!env)
    throw new Error('eCRF field rows and widgets render inside <EcrfForm> (widgets/types.ts FormWidget).');
  return env;
}

/** Items whose field type keeps no value (static text; file and image slots until upload comes): the registry says. */
export function keepsNoValue(form: CompiledForm, item: CompiledItem): boolean {
  return fieldTypeOf(form, item.variable)?.valueKind === 'none';
}

export const inputIdOf = (prefix: string, variable: string) => `${prefix}-${variable}`;
