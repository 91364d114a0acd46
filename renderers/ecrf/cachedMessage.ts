/**
 * A message with plain values, formatted many times per form (a label per date item of a 500-item form) without
 * react-intl's per-call cost: `intl.formatMessage` with values merges the formats and looks its formatter up in a
 * cache keyed by JSON.stringify of the message, locale and formats — about 20 ms of a 500-item mount (issue 11). Here
 * the formatter is made once per react-intl instance and message, then only `format(values)` runs.
 *
 * For messages whose values are plain text or numbers (no date, time or rich-text parts); a missing message or a
 * formatting error falls back to `intl.formatMessage` (its own fallback and error report).
 */
import type { IntlShape } from 'react-intl';

type PlainValues = Readonly<Record<string, string | number>>;
type Format = (values: PlainValues) => string;

const formatters = new WeakMap<IntlShape, Map<string, Format>>();

function formatterOf(intl: IntlShape, id: string): Format {
  const fallback: Format = (values) => intl.formatMessage({ id }, values);
  const message = Object.prototype.hasOwnProperty.call(intl.messages, id) ? intl.messages[id] : undefined;
  if (message === undefined || (typeof message === 'string' && message === '')) return fallback;
  try {
    const format = intl.formatters.getMessageFormat(message, intl.locale, intl.formats, {
      formatters: intl.formatters,
    });
    return (values) => {
      try {
        const out = format.format<string>({ ...values });
        return Array.isArray(out) ? out.join('') : String(out);
      } catch {
        return fallback(values);
      }
    };
  } catch {
    return fallback;
  }
}

/** `intl.formatMessage({ id }, values)`, with the formatter made once per react-intl instance and message. */
export function formatCached(intl: IntlShape, id: string, values: PlainValues): string {
  let byId = formatters.get(intl);
  if (!byId) {
    byId = new Map();
    formatters.set(intl, byId);
  }
  let format = byId.get(id);
  if (!format) {
    format = formatterOf(intl, id);
    byId.set(id, format);
  }
  return format(values);
}
