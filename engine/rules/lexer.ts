/**
 * The rule language's lexer: turns rule text into tokens one at a time (the parser pulls them, so the first error
 * from left to right is the one reported). Hand-written; no regular expression runs over the whole input.
 */
import { RULE_MSG } from './messages';
import type { RuleError, SourceSpan } from './types';

export type TokenKind = 'number' | 'string' | 'ref' | 'ident' | 'op' | '(' | ')' | ',' | 'eof';

export interface Token {
  kind: TokenKind;
  /** The source text of the token ('' for eof). */
  text: string;
  /** number: the value; string: the unescaped text; ref: the name; ident: the name as written; op: the operator. */
  value: string;
  span: SourceSpan;
}

/** Raised inside the parser (never outside parseRule). */
export class RuleSyntaxError extends Error {
  constructor(readonly ruleError: RuleError) {
    super(ruleError.messageId);
  }
}

/** A RuleError at `span` naming `token` as written (or the end of the input). */
export function ruleError(
  messageId: string,
  span: SourceSpan,
  token: string,
  extra: Record<string, string | number> = {},
): RuleError {
  return {
    messageId,
    span,
    values: { pos: span.start + 1, token, at: token === '' ? 'end' : 'token', ...extra },
  };
}

const OPERATORS = [
  '==',
  '!=',
  '<>',
  '<=',
  '>=',
  '&&',
  '||',
  '=',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
  '^',
  '!',
];

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isNameStart = (c: string): boolean => (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c === '_';
const isNamePart = (c: string): boolean => isNameStart(c) || isDigit(c);
const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\u3000';

const ESCAPES: Readonly<Record<string, string>> = { "'": "'", '"': '"', '\\': '\\' };

export class Lexer {
  private pos = 0;

  constructor(private readonly src: string) {}

  /** The next token; throws RuleSyntaxError on a lexical error. */
  next(): Token {
    const src = this.src;
    while (this.pos < src.length && isSpace(src[this.pos]!)) this.pos++;
    const start = this.pos;
    if (start >= src.length) return { kind: 'eof', text: '', value: '', span: { start, end: start } };
    const c = src[start]!;

    if (isDigit(c)) return this.number(start);
    if (c === "'" || c === '"') return this.string(start, c);
    if (c === '[') return this.ref(start);
    if (isNameStart(c)) {
      let end = start + 1;
      while (end < src.length && isNamePart(src[end]!)) end++;
      return this.token('ident', start, end);
    }
    if (c === '(' || c === ')' || c === ',') return this.token(c, start, start + 1);
    for (const op of OPERATORS) {
      if (src.startsWith(op, start)) return this.token('op', start, start + op.length);
    }
    throw new RuleSyntaxError(ruleError(RULE_MSG.unexpectedToken, { start, end: start + 1 }, c));
  }

  private token(kind: TokenKind, start: number, end: number, value?: string): Token {
    this.pos = end;
    const text = this.src.slice(start, end);
    return { kind, text, value: value ?? text, span: { start, end } };
  }

  /** `12`, `1.5` (a `.` must be followed by digits). */
  private number(start: number): Token {
    const src = this.src;
    let end = start;
    while (end < src.length && isDigit(src[end]!)) end++;
    if (src[end] === '.' && end + 1 < src.length && isDigit(src[end + 1]!)) {
      end++;
      while (end < src.length && isDigit(src[end]!)) end++;
    }
    return this.token('number', start, end);
  }

  /** `'…'` or `"…"` with `\'`, `\"` and `\\`; any other backslash is kept as written. */
  private string(start: number, quote: string): Token {
    const src = this.src;
    let value = '';
    let i = start + 1;
    while (i < src.length) {
      const ch = src[i]!;
      if (ch === quote) return this.token('string', start, i + 1, value);
      if (ch === '\\' && i + 1 < src.length) {
        const escaped = ESCAPES[src[i + 1]!];
        if (escaped !== undefined) {
          value += escaped;
          i += 2;
          continue;
        }
      }
      value += ch;
      i++;
    }
    throw new RuleSyntaxError(ruleError(RULE_MSG.unterminatedString, { start, end: src.length }, quote));
  }

  /** `[NAME]`, NAME = `[A-Za-z_][A-Za-z0-9_]*`. */
  private ref(start: number): Token {
    const src = this.src;
    let end = start + 1;
    if (end >= src.length || !isNameStart(src[end]!)) {
      const found = src[end] ?? '';
      throw new RuleSyntaxError(
        ruleError(RULE_MSG.badReference, { start, end: Math.min(end + 1, src.length) }, '[' + found),
      );
    }
    while (end < src.length && isNamePart(src[end]!)) end++;
    if (src[end] !== ']') {
      const found = src[end] ?? '';
      throw new RuleSyntaxError(
        ruleError(RULE_MSG.missingBracket, { start: end, end: Math.min(end + 1, src.length) }, found),
      );
    }
    return this.token('ref', start, end + 1, src.slice(start + 1, end));
  }
}
