/**
 * Where a JSON text stops being JSON, the same in every JavaScript engine (JSON.parse's messages differ between
 * engines and do not always name a position): a small validating scanner of RFC 8259.
 */
import type { IntlShape } from '../intl';

export interface JsonSyntaxProblem {
  /** 1-based. */
  line: number;
  column: number;
  /** The unexpected character, or null when the text ends too early. */
  found: string | null;
}

export type JsonReading = { ok: true; value: unknown } | { ok: false; problem: JsonSyntaxProblem };

class Stop {
  constructor(readonly offset: number) {}
}

/** Offset of the first character that cannot continue the JSON text, or null when it is valid. */
export function jsonErrorOffset(text: string): number | null {
  let i = 0;
  const fail = (): never => {
    throw new Stop(i);
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] ?? '')) i++;
  };
  const expect = (ch: string) => {
    if (text[i] !== ch) fail();
    i++;
  };
  const digits = () => {
    const start = i;
    while (i < text.length && /[0-9]/.test(text[i] ?? '')) i++;
    if (i === start) fail();
  };
  const string = () => {
    expect('"');
    for (;;) {
      if (i >= text.length) fail();
      const ch = text[i] ?? '';
      if (ch === '"') {
        i++;
        return;
      }
      if (ch.charCodeAt(0) < 0x20) fail();
      if (ch === '\\') {
        i++;
        const esc = text[i] ?? '';
        if (esc === 'u') {
          for (let k = 1; k <= 4; k++) {
            i++;
            if (!/[0-9a-fA-F]/.test(text[i] ?? '')) fail();
          }
        } else if (!'"\\/bfnrt'.includes(esc) || esc === '') fail();
      }
      i++;
    }
  };
  const number = () => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else digits();
    if (text[i] === '.') {
      i++;
      digits();
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      digits();
    }
  };
  const literal = (word: string) => {
    for (const ch of word) expect(ch);
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        string();
        ws();
        expect(':');
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        expect('}');
        return;
      }
    }
    if (ch === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        expect(']');
        return;
      }
    }
    if (ch === '"') return string();
    if (ch === '-' || (ch !== undefined && /[0-9]/.test(ch))) return number();
    if (ch === 't') return literal('true');
    if (ch === 'f') return literal('false');
    if (ch === 'n') return literal('null');
    fail();
  };
  try {
    value();
    ws();
    if (i < text.length) fail();
    return null;
  } catch (stop) {
    if (stop instanceof Stop) return stop.offset;
    throw stop;
  }
}

/** Line and column (1-based) of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** The value of a JSON text, or where and why it is not JSON. */
export function readJson(text: string): JsonReading {
  const offset = jsonErrorOffset(text);
  if (offset === null) return { ok: true, value: JSON.parse(text) as unknown };
  return {
    ok: false,
    problem: { ...lineAndColumn(text, offset), found: offset < text.length ? (text[offset] ?? null) : null },
  };
}

/** The message of a syntax error at `offset`, in the UI language (line, column and the unexpected character). */
export function jsonSyntaxMessage(intl: IntlShape, text: string, offset: number): string {
  const { line, column } = lineAndColumn(text, offset);
  return offset < text.length
    ? intl.formatMessage({ id: 'builder.jsonError' }, { line, column, found: text[offset] ?? '' })
    : intl.formatMessage({ id: 'builder.jsonErrorAtEnd' }, { line, column });
}

/** The value of a JSON text, or the offset where it stops being JSON (the scan runs only when JSON.parse refuses). */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; offset: number } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, offset: jsonErrorOffset(text) ?? text.length };
  }
}
