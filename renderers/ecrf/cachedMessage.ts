/**
 * A message with plain values, formatted many times per form (a label per date item of a 500-item form): the
 * message's formatter (made once per intl instance and id, renderers/intl) runs `format(values)` directly, without
 * `formatMessage`'s checks and fallbacks per call.
 *
 * For messages whose values are plain text or numbers (no date, time or rich-text parts); a missing message or a
 * formatting error falls back to `intl.formatMessage` (its own fallback and error report).
 */
import type { IntlShape } from '../intl';

type PlainValues = Readonly<Record<string, string | number>>;
type Format = (values: PlainValues) => string;

const formatters = new WeakMap<IntlShape, Map<string, Format>>();

function formatterOf(intl: IntlShape, id: string): Format {
  const fallback: Format = (values) => intl.formatMessage({ id }, values);
  const format = intl.messageFormat(id);
  if (!format) return fallback;
  return (values) => {
    try {
      const out = format.format(values);
      return Array.isArray(out) ? out.join('') : String(out);
    } catch {
      return fallback(values);
    }
  };
}

/** `intl.formatMessage({ id }, values)`, with the formatter made once per intl instance and message. */
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
