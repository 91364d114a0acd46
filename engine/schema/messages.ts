/**
 * yup's default English messages and its formatting: `${path}` is the field's path (`this` at the top), every other
 * `${name}` a parameter of the test, printed as yup prints values (the server's parameter errors and tests use them).
 */
import type { Message, MessageParams } from './types';

function printNumber(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  return n === 0 && 1 / n < 0 ? '-0' : String(n);
}

function printSimple(value: unknown, quoteStrings: boolean): string | null {
  if (value === null || value === undefined || value === true || value === false) return String(value);
  if (typeof value === 'number') return printNumber(value);
  if (typeof value === 'string') return quoteStrings ? `"${value}"` : value;
  if (typeof value === 'function') return `[Function ${value.name || 'anonymous'}]`;
  if (typeof value === 'symbol') return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  if (value instanceof Error) return `[${Error.prototype.toString.call(value)}]`;
  if (value instanceof RegExp) return value.toString();
  return null;
}

/** A value as messages show it (yup's printValue). */
export function printValue(value: unknown, quoteStrings = false): string {
  const simple = printSimple(value, quoteStrings);
  if (simple !== null) return simple;
  return JSON.stringify(
    value,
    function (this: Record<string, unknown>, key: string, v: unknown) {
      const s = printSimple(this[key], quoteStrings);
      return s !== null ? s : v;
    },
    2,
  );
}

const PLACEHOLDER = /\$\{\s*(\w+)\s*\}/g;

/** A message with its placeholders filled in. */
export function formatMessage(message: Message, params: MessageParams): string {
  const withPath: MessageParams = { ...params, path: params.path || 'this', originalPath: params.path };
  if (typeof message === 'function') return message(withPath);
  return message.replace(PLACEHOLDER, (_, key: string) => printValue(withPath[key]));
}

function notType(params: MessageParams): string {
  const { path, type, value, originalValue } = params;
  const castFrom =
    originalValue != null && originalValue !== value
      ? ` (cast from the value \`${printValue(originalValue, true)}\`).`
      : '.';
  return type !== 'mixed'
    ? `${path} must be a \`${String(type)}\` type, but the final value was: \`${printValue(value, true)}\`${castFrom}`
    : `${path} must match the configured type. The validated value was: \`${printValue(value, true)}\`${castFrom}`;
}

export const messages = {
  default: '${path} is invalid',
  required: '${path} is a required field',
  defined: '${path} must be defined',
  notNull: '${path} cannot be null',
  oneOf: '${path} must be one of the following values: ${values}',
  notType: notType as Message,
  string: {
    length: '${path} must be exactly ${length} characters',
    min: '${path} must be at least ${min} characters',
    max: '${path} must be at most ${max} characters',
    matches: '${path} must match the following: "${regex}"',
    trim: '${path} must be a trimmed string',
  },
  number: {
    min: '${path} must be greater than or equal to ${min}',
    max: '${path} must be less than or equal to ${max}',
    integer: '${path} must be an integer',
  },
  array: {
    min: '${path} field must have at least ${min} items',
    max: '${path} field must have less than or equal to ${max} items',
    length: '${path} must have ${length} items',
  },
} as const;
