/** Built-in field types `select` (one code) and `mselect` (a list of codes, sent as a list param). */
import { META_PROBLEM } from '../metadata/messages';
import { idText } from '../metadata/issues';
import type { SearchValue } from '../metadata/types';
import { paramList, paramText } from './params';
import type { FieldTypeDef, SearchBehaviour } from './types';

const selectSearch: SearchBehaviour = {
  widget: 'select',
  needsOptions: true,
  allowsRange: false,
  decode(_field, value) {
    if (value === undefined || value === null || value === '') return null;
    return idText(value) ?? { problem: META_PROBLEM.notCode };
  },
  empty: () => null,
  isEmpty: (value) => typeof value !== 'string' || value === '',
  toParams: (field, value) => (typeof value === 'string' && value !== '' ? { [field.prop]: value } : {}),
  fromParams: (field, params) => paramText(params, field.prop),
  maxLength: null,
  validate: () => [],
};

function asList(value: SearchValue): readonly string[] {
  return Array.isArray(value) ? (value as readonly string[]) : [];
}

const mselectSearch: SearchBehaviour = {
  widget: 'mselect',
  needsOptions: true,
  allowsRange: false,
  decode(_field, value) {
    if (value === undefined || value === null || value === '') return [];
    const items: readonly unknown[] = Array.isArray(value) ? value : [value];
    const codes: string[] = [];
    for (const item of items) {
      const code = idText(item);
      if (code === null) return { problem: META_PROBLEM.notCodeList };
      if (!codes.includes(code)) codes.push(code);
    }
    return codes;
  },
  empty: () => [],
  isEmpty: (value) => asList(value).length === 0,
  toParams: (field, value) => (asList(value).length === 0 ? {} : { [field.prop]: [...asList(value)] }),
  fromParams(field, params) {
    const codes: string[] = [];
    for (const code of paramList(params, field.prop)) if (!codes.includes(code)) codes.push(code);
    return codes;
  },
  maxLength: null,
  validate: () => [],
};

// cells: the grid's plain text (lists joined with ', '); a `codelist:<type>` filter shows the labels
export const selectFieldType: FieldTypeDef = { name: 'select', search: selectSearch };
export const mselectFieldType: FieldTypeDef = { name: 'mselect', search: mselectSearch };
