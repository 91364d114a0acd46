/** Built-in field types `string` (free text) and `num` (digits and one decimal point). */
import { SHORT_TEXT_LIMIT } from '../input/textLimit';
import { META_PROBLEM, SEARCH_MSG } from '../metadata/messages';
import type { SearchValue } from '../metadata/types';
import { paramText } from './params';
import type { FieldTypeDef, SearchBehaviour, ValueProblem } from './types';

/** Search text is limited to this many characters (§5: 100); the input warns when it is reached. */
export const SEARCH_TEXT_MAX_LENGTH = SHORT_TEXT_LIMIT;

function asText(value: SearchValue): string | null {
  return typeof value === 'string' ? value : null;
}

function isBlank(value: SearchValue): boolean {
  const text = asText(value);
  return text === null || text.trim() === '';
}

/** Metadata `value` as text: a string or a finite number; absent → null. */
function decodeText(value: unknown): string | null | { problem: string } {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return { problem: META_PROBLEM.notText };
  return value.trim() === '' ? null : value.trim();
}

/** What `string` and `num` share: one trimmed text sent as `prop`, null when blank. */
const oneTextValue: Pick<SearchBehaviour, 'empty' | 'isEmpty' | 'toParams'> = {
  empty: () => null,
  isEmpty: isBlank,
  toParams: (field, value) => (isBlank(value) ? {} : { [field.prop]: (asText(value) ?? '').trim() }),
};

const stringSearch: SearchBehaviour = {
  widget: 'text',
  needsOptions: false,
  allowsRange: false,
  decode(_field, value) {
    const text = decodeText(value);
    if (typeof text === 'string' && text.length > SEARCH_TEXT_MAX_LENGTH) {
      return { problem: `longer than ${SEARCH_TEXT_MAX_LENGTH} characters` };
    }
    return text;
  },
  ...oneTextValue,
  fromParams(field, params) {
    const text = paramText(params, field.prop);
    return text === null ? null : text.slice(0, SEARCH_TEXT_MAX_LENGTH);
  },
  maxLength: SEARCH_TEXT_MAX_LENGTH,
  sanitizeInput: (text) => text.slice(0, SEARCH_TEXT_MAX_LENGTH),
  validate(_field, value) {
    const text = asText(value);
    if (text === null) return [];
    if (text.length > SEARCH_TEXT_MAX_LENGTH) {
      return [
        { level: 'error', messageId: SEARCH_MSG.maxLengthReached, values: { max: SEARCH_TEXT_MAX_LENGTH } },
      ];
    }
    if (text.length === SEARCH_TEXT_MAX_LENGTH) {
      return [
        { level: 'warning', messageId: SEARCH_MSG.maxLengthReached, values: { max: SEARCH_TEXT_MAX_LENGTH } },
      ];
    }
    return [];
  },
};

export const stringFieldType: FieldTypeDef = { name: 'string', search: stringSearch };

/** Only digits and at most one decimal point, not the point alone (`12`, `12.5`, `.5`, `12.` while typing). */
export function isNumberText(text: string): boolean {
  return /^\d*\.?\d*$/.test(text) && text !== '.' && text !== '';
}

const numberOnly: ValueProblem = { level: 'error', messageId: SEARCH_MSG.numberOnly };

const numSearch: SearchBehaviour = {
  widget: 'number',
  needsOptions: false,
  allowsRange: false,
  decode(_field, value) {
    const text = decodeText(value);
    if (typeof text === 'string' && !isNumberText(text)) return { problem: META_PROBLEM.notNumber };
    return text;
  },
  ...oneTextValue,
  fromParams(field, params) {
    const text = paramText(params, field.prop);
    return text !== null && isNumberText(text) ? text : null;
  },
  maxLength: SEARCH_TEXT_MAX_LENGTH,
  sanitizeInput: (text) => text.replace(/[^\d.]/g, '').slice(0, SEARCH_TEXT_MAX_LENGTH),
  validate(_field, value) {
    const text = asText(value);
    if (text === null || text.trim() === '') return [];
    return isNumberText(text.trim()) ? [] : [numberOnly];
  },
};

export const numFieldType: FieldTypeDef = { name: 'num', search: numSearch };
