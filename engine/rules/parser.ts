/**
 * parseRule: rule text → AST (types.ts) by precedence climbing over a pull lexer. Precedence, low → high:
 *
 *   or ||  ·  and &&  ·  prefix not !  ·  = == != <> < <= > >= (non-associative)  ·  + -  ·  * / %  ·
 *   unary -  ·  ^ (right-associative; -2^2 = -4)  ·  primary
 *
 * Keywords (and, or, not, true, false, null) and function names are case-insensitive; function names are checked
 * against RULE_FUNCTIONS (name and arity) here, so a parsed rule always evaluates. Errors: RuleError with the span
 * and values {pos (1-based), token, at} (messages.ts).
 */
import { lookupRuleFunction } from './functions';
import { Lexer, RuleSyntaxError, ruleError, type Token } from './lexer';
import { RULE_MSG } from './messages';
import type { BinaryOp, Expr, ParseResult, SourceSpan } from './types';

/** How deeply parentheses, calls and prefix operators may nest (keeps evaluation's recursion bounded). */
export const MAX_RULE_DEPTH = 100;

const COMPARISON: Readonly<Record<string, BinaryOp>> = {
  '=': '=',
  '==': '=',
  '!=': '!=',
  '<>': '!=',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};
const ADDITIVE: Readonly<Record<string, BinaryOp>> = { '+': '+', '-': '-' };
const MULTIPLICATIVE: Readonly<Record<string, BinaryOp>> = { '*': '*', '/': '/', '%': '%' };

const span = (start: SourceSpan, end: SourceSpan): SourceSpan => ({ start: start.start, end: end.end });

class Parser {
  private readonly lexer: Lexer;
  private tok: Token;
  private depth = 0;

  constructor(source: string) {
    this.lexer = new Lexer(source);
    this.tok = this.lexer.next();
  }

  parse(): Expr {
    if (this.atEnd()) throw this.error(RULE_MSG.empty);
    const expr = this.or();
    if (!this.atEnd()) throw this.error(RULE_MSG.trailingInput);
    return expr;
  }

  private atEnd(): boolean {
    return this.tok.kind === 'eof';
  }

  private advance(): Token {
    const t = this.tok;
    this.tok = this.lexer.next();
    return t;
  }

  private error(messageId: string, extra: Record<string, string | number> = {}, at: Token = this.tok) {
    return new RuleSyntaxError(ruleError(messageId, at.span, at.text, extra));
  }

  /** The current token as a keyword (lower case), or null. */
  private keyword(): string | null {
    return this.tok.kind === 'ident' ? this.tok.value.toLowerCase() : null;
  }

  private isOp(...ops: string[]): boolean {
    return this.tok.kind === 'op' && ops.includes(this.tok.value);
  }

  private nested<T>(parse: () => T): T {
    if (++this.depth > MAX_RULE_DEPTH) throw this.error(RULE_MSG.tooDeep, { max: MAX_RULE_DEPTH });
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  private or(): Expr {
    let left = this.and();
    while (this.keyword() === 'or' || this.isOp('||')) {
      this.advance();
      const right = this.and();
      left = { kind: 'binary', op: 'or', left, right, span: span(left.span, right.span) };
    }
    return left;
  }

  private and(): Expr {
    let left = this.not();
    while (this.keyword() === 'and' || this.isOp('&&')) {
      this.advance();
      const right = this.not();
      left = { kind: 'binary', op: 'and', left, right, span: span(left.span, right.span) };
    }
    return left;
  }

  private not(): Expr {
    if (this.keyword() === 'not' || this.isOp('!')) {
      const op = this.advance();
      const arg = this.nested(() => this.not());
      return { kind: 'unary', op: 'not', arg, span: span(op.span, arg.span) };
    }
    return this.comparison();
  }

  private comparison(): Expr {
    const left = this.additive();
    const op = this.tok.kind === 'op' ? COMPARISON[this.tok.value] : undefined;
    if (op === undefined) return left;
    this.advance();
    const right = this.additive();
    if (this.tok.kind === 'op' && COMPARISON[this.tok.value] !== undefined) {
      throw this.error(RULE_MSG.chainedComparison);
    }
    return { kind: 'binary', op, left, right, span: span(left.span, right.span) };
  }

  private additive(): Expr {
    let left = this.multiplicative();
    for (let op = this.binaryOp(ADDITIVE); op !== undefined; op = this.binaryOp(ADDITIVE)) {
      this.advance();
      const right = this.multiplicative();
      left = { kind: 'binary', op, left, right, span: span(left.span, right.span) };
    }
    return left;
  }

  private multiplicative(): Expr {
    let left = this.unary();
    for (let op = this.binaryOp(MULTIPLICATIVE); op !== undefined; op = this.binaryOp(MULTIPLICATIVE)) {
      this.advance();
      const right = this.unary();
      left = { kind: 'binary', op, left, right, span: span(left.span, right.span) };
    }
    return left;
  }

  private binaryOp(table: Readonly<Record<string, BinaryOp>>): BinaryOp | undefined {
    return this.tok.kind === 'op' && Object.hasOwn(table, this.tok.value) ? table[this.tok.value] : undefined;
  }

  /** Unary minus binds looser than `^`: -2^2 = -(2^2). */
  private unary(): Expr {
    if (this.isOp('-')) {
      const op = this.advance();
      const arg = this.nested(() => this.unary());
      return { kind: 'unary', op: '-', arg, span: span(op.span, arg.span) };
    }
    return this.power();
  }

  /** `^` is right-associative and its exponent may carry a sign: 2^-1, 2^3^2 = 2^9. */
  private power(): Expr {
    const base = this.primary();
    if (!this.isOp('^')) return base;
    this.advance();
    const exponent = this.nested(() => this.unary());
    return { kind: 'binary', op: '^', left: base, right: exponent, span: span(base.span, exponent.span) };
  }

  private primary(): Expr {
    const t = this.tok;
    switch (t.kind) {
      case 'number':
        this.advance();
        return { kind: 'number', value: Number(t.value), span: t.span };
      case 'string':
        this.advance();
        return { kind: 'string', value: t.value, span: t.span };
      case 'ref':
        this.advance();
        return { kind: 'ref', name: t.value, span: t.span };
      case '(':
        return this.nested(() => this.group());
      case 'ident':
        return this.identifier();
      default:
        throw this.error(RULE_MSG.unexpectedToken);
    }
  }

  private group(): Expr {
    const open = this.advance();
    const inner = this.or();
    if (this.tok.kind !== ')') throw this.error(RULE_MSG.missingParen);
    const close = this.advance();
    return { ...inner, span: span(open.span, close.span) };
  }

  private identifier(): Expr {
    const t = this.advance();
    const word = t.value.toLowerCase();
    if (this.tok.kind !== '(') {
      if (word === 'true' || word === 'false')
        return { kind: 'boolean', value: word === 'true', span: t.span };
      if (word === 'null') return { kind: 'null', span: t.span };
      if (word === 'and' || word === 'or' || word === 'not')
        throw this.error(RULE_MSG.unexpectedToken, {}, t);
      throw this.error(RULE_MSG.bareName, { name: t.value }, t);
    }
    const fn = lookupRuleFunction(word);
    if (fn === undefined) throw this.error(RULE_MSG.unknownFunction, { name: t.text }, t);
    return this.nested(() => {
      this.advance(); // (
      const args: Expr[] = [];
      if (this.tok.kind !== ')') {
        args.push(this.or());
        while (this.tok.kind === ',') {
          this.advance();
          args.push(this.or());
        }
      }
      if (this.tok.kind !== ')') throw this.error(RULE_MSG.missingParen);
      const close = this.advance();
      const callSpan = span(t.span, close.span);
      if (args.length < fn.minArgs || args.length > fn.maxArgs) {
        const shape = fn.minArgs === fn.maxArgs ? 'exact' : fn.maxArgs === Infinity ? 'atLeast' : 'range';
        throw new RuleSyntaxError(
          ruleError(RULE_MSG.arity, callSpan, t.text, {
            name: t.text,
            min: fn.minArgs,
            max: fn.maxArgs === Infinity ? 'any' : fn.maxArgs,
            given: args.length,
            shape,
          }),
        );
      }
      return { kind: 'call', fn: word, args, span: callSpan };
    });
  }
}

/** Parse rule text into an AST, or the first error (left to right) with its position. Never throws. */
export function parseRule(source: string): ParseResult {
  // rule texts come from loose JSON: anything but text is an empty rule rather than a crash
  if (typeof source !== 'string') return parseRule('');
  try {
    return { ok: true, expr: new Parser(source).parse() };
  } catch (e) {
    if (e instanceof RuleSyntaxError) return { ok: false, error: e.ruleError };
    throw e;
  }
}
