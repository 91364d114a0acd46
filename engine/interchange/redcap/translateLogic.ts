/**
 * REDCap branching logic and calculations → the engine's rule language (docs/rule-language.md), with REDCap's
 * semantics (docs/interchange-redcap.md):
 *
 * - `[var]` → `[var]`; `[event][var]` → `[var]` (the dictionary has no events: every form is in one visit, so the
 *   prefix is dropped and reported); `[var(code)]` of a checkbox → `1` when the code is ticked, else `0`.
 * - `=` / `<>` / `!=` are two-valued as in REDCap: a blank field equals `''` and differs from every other value, so
 *   `[x] = ''` → `isblank([x])`, `[x] <> ''` → `notblank([x])`, `[x] = 1` → `(notblank([x]) and [x] = 1)`,
 *   `[x] <> 1` → `(isblank([x]) or [x] <> 1)`.
 * - `and`, `or` (also `&&`, `||`), `not(…)` / `!`, `+ - * / ^`, `< <= > >=`, numbers (`.5`), quoted texts.
 * - `if`, `sum`, `mean`, `min`, `max`, `round`, `rounddown`, `roundup`, `sqrt`, `abs`, `year`, `month`, `day`,
 *   `length` → `len`, `isblankormissingcode` → `isblank`, `isnumber`, `isinteger`, `datediff(a, b, unit[, format]
 *   [, signed])` → `abs(elapsed(a, b, unit))` (`elapsed(…)` when signed), `"today"` → `today()`.
 *
 * Anything else (smart variables, piping modifiers, other forms' fields, `"now"`, string functions) is refused with
 * the 1-based position of the offending token: the caller reports it and leaves the rule out.
 */

export interface LogicField {
  form: string;
  /** The engine's field type the field was imported as. */
  fieldtype: string;
}

export interface LogicContext {
  /** The form the expression belongs to (only its fields can be read). */
  form: string;
  fields: ReadonlyMap<string, LogicField>;
}

export type LogicFailureKind =
  'syntax' | 'unsupportedFunction' | 'unsupported' | 'unknownField' | 'otherForm' | 'notCheckbox';

export interface LogicFailure {
  kind: LogicFailureKind;
  /** 1-based character position in the REDCap expression. */
  position: number;
  token: string;
  /** otherForm: the form holding the field. */
  form?: string;
}

export type TranslateResult =
  { ok: true; expr: string; droppedEvents: string[] } | { ok: false; failure: LogicFailure };

class Refused extends Error {
  constructor(readonly failure: LogicFailure) {
    super(failure.kind);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Tokens

type Token =
  | { t: 'num'; text: string; pos: number }
  | { t: 'str'; value: string; pos: number; text: string }
  | { t: 'ref'; inner: string; pos: number; text: string }
  | { t: 'name'; text: string; pos: number }
  | { t: 'op'; text: string; pos: number }
  | { t: 'end'; pos: number; text: '' };

const OPERATORS = [
  '<=',
  '>=',
  '<>',
  '!=',
  '==',
  '&&',
  '||',
  '=',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '^',
  '(',
  ')',
  ',',
  '!',
];

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const fail = (pos: number, token: string): never => {
    throw new Refused({ kind: 'syntax', position: pos + 1, token });
  };
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '[') {
      const end = src.indexOf(']', i);
      if (end < 0) fail(i, '[');
      tokens.push({ t: 'ref', inner: src.slice(i + 1, end), pos: i, text: src.slice(i, end + 1) });
      i = end + 1;
      continue;
    }
    if (c === '"' || c === "'") {
      const end = src.indexOf(c, i + 1);
      if (end < 0) fail(i, c);
      tokens.push({ t: 'str', value: src.slice(i + 1, end), pos: i, text: src.slice(i, end + 1) });
      i = end + 1;
      continue;
    }
    const num = /^(?:\d+(?:\.\d*)?|\.\d+)/.exec(src.slice(i));
    if (num) {
      tokens.push({ t: 'num', text: num[0], pos: i });
      i += num[0].length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i));
    if (name) {
      tokens.push({ t: 'name', text: name[0], pos: i });
      i += name[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (!op) fail(i, c);
    tokens.push({ t: 'op', text: op!, pos: i });
    i += op!.length;
  }
  tokens.push({ t: 'end', pos: src.length, text: '' });
  return tokens;
}

// ---------------------------------------------------------------------------------------------------------------
// Syntax tree

type Node =
  | { k: 'num'; value: string }
  | { k: 'str'; value: string; pos: number }
  | { k: 'bool'; value: boolean }
  | { k: 'ref'; name: string; code: string | null }
  | { k: 'not'; arg: Node }
  | { k: 'neg'; arg: Node }
  | { k: 'bin'; op: string; left: Node; right: Node }
  | { k: 'call'; name: string; args: Node[]; pos: number };

const COMPARISONS: Readonly<Record<string, string>> = {
  '=': '=',
  '==': '=',
  '<>': '!=',
  '!=': '!=',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};

const MAX_DEPTH = 80;

class Parser {
  private i = 0;
  private depth = 0;
  readonly droppedEvents: string[] = [];

  constructor(
    private readonly tokens: Token[],
    private readonly ctx: LogicContext,
  ) {}

  private get tok(): Token {
    return this.tokens[this.i]!;
  }

  private fail(kind: LogicFailureKind, tok: { pos: number; text: string }, form?: string): never {
    throw new Refused({ kind, position: tok.pos + 1, token: tok.text, ...(form ? { form } : {}) });
  }

  private isOp(text: string): boolean {
    return this.tok.t === 'op' && this.tok.text === text;
  }

  private isWord(word: string): boolean {
    return this.tok.t === 'name' && this.tok.text.toLowerCase() === word;
  }

  private expect(text: string): void {
    if (!this.isOp(text)) this.fail('syntax', this.tok);
    this.i++;
  }

  parseAll(): Node {
    const node = this.or();
    if (this.tok.t !== 'end') this.fail('syntax', this.tok);
    return node;
  }

  private nested<T>(parse: () => T): T {
    if (++this.depth > MAX_DEPTH) this.fail('syntax', this.tok);
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  private or(): Node {
    let left = this.and();
    while (this.isWord('or') || this.isOp('||')) {
      this.i++;
      left = { k: 'bin', op: 'or', left, right: this.and() };
    }
    return left;
  }

  private and(): Node {
    let left = this.not();
    while (this.isWord('and') || this.isOp('&&')) {
      this.i++;
      left = { k: 'bin', op: 'and', left, right: this.not() };
    }
    return left;
  }

  private not(): Node {
    if (this.isWord('not') || this.isOp('!')) {
      this.i++;
      return { k: 'not', arg: this.nested(() => this.not()) };
    }
    return this.comparison();
  }

  private comparison(): Node {
    const left = this.additive();
    if (this.tok.t === 'op' && Object.hasOwn(COMPARISONS, this.tok.text)) {
      const op = COMPARISONS[this.tok.text]!;
      this.i++;
      return { k: 'bin', op, left, right: this.additive() };
    }
    return left;
  }

  private additive(): Node {
    let left = this.multiplicative();
    while (this.isOp('+') || this.isOp('-')) {
      const op = this.tok.text;
      this.i++;
      left = { k: 'bin', op, left, right: this.multiplicative() };
    }
    return left;
  }

  private multiplicative(): Node {
    let left = this.unary();
    while (this.isOp('*') || this.isOp('/')) {
      const op = this.tok.text;
      this.i++;
      left = { k: 'bin', op, left, right: this.unary() };
    }
    return left;
  }

  private unary(): Node {
    if (this.isOp('-')) {
      this.i++;
      return { k: 'neg', arg: this.nested(() => this.unary()) };
    }
    if (this.isOp('+')) {
      this.i++;
      return this.nested(() => this.unary());
    }
    return this.power();
  }

  private power(): Node {
    const base = this.primary();
    if (this.isOp('^')) {
      this.i++;
      return { k: 'bin', op: '^', left: base, right: this.nested(() => this.unary()) };
    }
    return base;
  }

  private primary(): Node {
    const tok = this.tok;
    if (tok.t === 'num') {
      this.i++;
      return { k: 'num', value: String(Number(tok.text)) };
    }
    if (tok.t === 'str') {
      this.i++;
      return { k: 'str', value: tok.value, pos: tok.pos };
    }
    if (tok.t === 'ref') return this.reference();
    if (tok.t === 'op' && tok.text === '(') {
      this.i++;
      const inner = this.nested(() => this.or());
      this.expect(')');
      return inner;
    }
    if (tok.t === 'name') {
      const word = tok.text.toLowerCase();
      if (word === 'true' || word === 'false') {
        this.i++;
        return { k: 'bool', value: word === 'true' };
      }
      const next = this.tokens[this.i + 1];
      if (next?.t === 'op' && next.text === '(') {
        this.i += 2;
        const args: Node[] = [];
        if (!this.isOp(')')) {
          args.push(this.nested(() => this.or()));
          while (this.isOp(',')) {
            this.i++;
            args.push(this.nested(() => this.or()));
          }
        }
        this.expect(')');
        return { k: 'call', name: word, args, pos: tok.pos };
      }
    }
    return this.fail('syntax', tok);
  }

  /** `[var]`, `[var(code)]`, `[event][var]`, `[event][var(code)]`. */
  private reference(): Node {
    const first = this.tok as Extract<Token, { t: 'ref' }>;
    this.i++;
    let tok = first;
    const next = this.tok;
    if (next.t === 'ref' && next.pos === first.pos + first.text.length) {
      const event = first.inner.trim();
      if (/^\d+$/.test(next.inner.trim())) this.fail('unsupported', next);
      if (!/^[A-Za-z0-9_-]+$/.test(event)) this.fail('unsupported', first);
      this.droppedEvents.push(event);
      tok = next;
      this.i++;
      const after = this.tok;
      if (after.t === 'ref' && after.pos === tok.pos + tok.text.length) this.fail('unsupported', after);
    }
    const m = /^\s*([A-Za-z][A-Za-z0-9_]*)\s*(?:\(\s*([A-Za-z0-9._-]+)\s*\))?\s*$/.exec(tok.inner);
    if (!m) this.fail('unsupported', tok);
    const name = m[1]!;
    const code = m[2] ?? null;
    const field = this.ctx.fields.get(name);
    if (!field) this.fail('unknownField', tok);
    if (field.form !== this.ctx.form) this.fail('otherForm', tok, field.form);
    if (code !== null && field.fieldtype !== 'checkbox') this.fail('notCheckbox', tok);
    return { k: 'ref', name, code };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Emitting the engine's rule language

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

const SAME_NAME = new Set([
  'if',
  'sum',
  'mean',
  'min',
  'max',
  'round',
  'rounddown',
  'roundup',
  'sqrt',
  'abs',
  'year',
  'month',
  'day',
]);
const ARITY: Readonly<Record<string, [number, number]>> = {
  if: [3, 3],
  round: [1, 2],
  rounddown: [1, 2],
  roundup: [1, 2],
  sqrt: [1, 1],
  abs: [1, 1],
  year: [1, 1],
  month: [1, 1],
  day: [1, 1],
  length: [1, 1],
  isblankormissingcode: [1, 1],
  isnumber: [1, 1],
  isinteger: [1, 1],
};
const DATEDIFF_UNITS = new Set(['y', 'M', 'd', 'h', 'm', 's']);

function isBlankLiteral(n: Node): boolean {
  return n.k === 'str' && n.value.trim() === '';
}

/** A plain field reference (its blank value matters for = and <>). */
function isFieldRef(n: Node): n is Extract<Node, { k: 'ref' }> {
  return n.k === 'ref' && n.code === null;
}

/**
 * How tightly the emitted text of a node binds (the engine's precedence: or 1, and 2, comparisons 4, + - 5, * / 6,
 * ^ 8; 9 for anything self-contained — atoms, calls, parenthesised forms). Chains (`a + b + c`, `x and y and z`) are
 * written flat, without one parenthesis per operator, so that a long sum does not exceed the parser's nesting limit.
 */
const LEVEL: Readonly<Record<string, number>> = { or: 1, and: 2, '+': 5, '-': 5, '*': 6, '/': 6, '^': 8 };

function levelOf(n: Node): number {
  return n.k === 'bin' && Object.hasOwn(LEVEL, n.op) ? LEVEL[n.op]! : 9;
}

const paren = (text: string, wrap: boolean) => (wrap ? `(${text})` : text);

function emit(n: Node, fail: (kind: LogicFailureKind, pos: number, token: string) => never): string {
  const e = (x: Node) => emit(x, fail);
  switch (n.k) {
    case 'num':
      return n.value;
    case 'str':
      return quote(n.value);
    case 'bool':
      return n.value ? 'true' : 'false';
    case 'ref':
      return n.code === null
        ? `[${n.name}]`
        : `if(notblank([${n.name}]) and contains([${n.name}], ${quote(n.code)}), 1, 0)`;
    case 'not':
      return `(not ${paren(e(n.arg), levelOf(n.arg) <= 2)})`;
    case 'neg':
      return `(-${paren(e(n.arg), levelOf(n.arg) < 8)})`;
    case 'bin':
      return emitBinary(n, e);
    case 'call':
      return emitCall(n, e, fail);
  }
}

function emitBinary(n: Extract<Node, { k: 'bin' }>, e: (x: Node) => string): string {
  const { op, left, right } = n;
  if (Object.hasOwn(LEVEL, op)) {
    const level = LEVEL[op]!;
    const rightAssoc = op === '^';
    const l = paren(e(left), rightAssoc ? levelOf(left) <= level : levelOf(left) < level);
    const r = paren(e(right), rightAssoc ? levelOf(right) < level : levelOf(right) <= level);
    return `${l} ${op} ${r}`;
  }
  // comparisons: operands that bind more loosely than a comparison (and, or) are parenthesised
  const side = (x: Node) => paren(e(x), levelOf(x) < 5);
  if (op === '=' || op === '!=') {
    const equal = op === '=';
    if (isBlankLiteral(right) || isBlankLiteral(left)) {
      const other = isBlankLiteral(right) ? left : right;
      if (isBlankLiteral(other)) return equal ? 'true' : 'false';
      return `${equal ? 'isblank' : 'notblank'}(${e(other)})`;
    }
    const l = side(left);
    const r = side(right);
    const refs = [left, right].filter(isFieldRef).map(e);
    if (refs.length === 2) {
      const bothBlank = `(isblank(${l}) and isblank(${r}))`;
      const eitherBlank = `isblank(${l}) or isblank(${r})`;
      return equal
        ? `if(${eitherBlank}, ${bothBlank}, ${l} = ${r})`
        : `if(${eitherBlank}, not ${bothBlank}, ${l} != ${r})`;
    }
    if (refs.length === 1) {
      return equal ? `(notblank(${refs[0]}) and ${l} = ${r})` : `(isblank(${refs[0]}) or ${l} != ${r})`;
    }
    return `(${l} ${op} ${r})`;
  }
  return `(${side(left)} ${op} ${side(right)})`;
}

function emitCall(
  n: Extract<Node, { k: 'call' }>,
  e: (x: Node) => string,
  fail: (kind: LogicFailureKind, pos: number, token: string) => never,
): string {
  const { name, args, pos } = n;
  const arity = ARITY[name];
  if (arity && (args.length < arity[0] || args.length > arity[1])) fail('syntax', pos, name);
  if (SAME_NAME.has(name)) {
    if (args.length === 0) fail('syntax', pos, name);
    return `${name}(${args.map(e).join(', ')})`;
  }
  switch (name) {
    case 'length':
      return `len(${e(args[0]!)})`;
    case 'isblankormissingcode':
      return `isblank(${e(args[0]!)})`;
    case 'isnumber':
      return `notblank(number(${e(args[0]!)}))`;
    case 'isinteger': {
      const x = `number(${e(args[0]!)})`;
      return `(notblank(${x}) and round(${x}) = ${x})`;
    }
    case 'datediff':
      return emitDatediff(n, e, fail);
    default:
      return fail('unsupportedFunction', pos, name);
  }
}

function emitDatediff(
  n: Extract<Node, { k: 'call' }>,
  e: (x: Node) => string,
  fail: (kind: LogicFailureKind, pos: number, token: string) => never,
): string {
  const [a, b, unit, ...rest] = n.args;
  if (!a || !b || !unit || rest.length > 2) return fail('syntax', n.pos, n.name);
  if (unit.k !== 'str' || !DATEDIFF_UNITS.has(unit.value)) {
    return fail('unsupported', unit.k === 'str' ? unit.pos : n.pos, unit.k === 'str' ? unit.value : n.name);
  }
  // The optional 4th argument is a date format ('ymd', 'mdy', 'dmy': values are stored Y-M-D, so it changes
  // nothing) or returnSignedValue; the 5th is returnSignedValue.
  let signed = false;
  for (const arg of rest) {
    if (arg.k === 'bool') signed = arg.value;
    else if (arg.k === 'str' && /^(ymd|mdy|dmy)$/i.test(arg.value)) continue;
    else if (arg.k === 'str' && /^(true|false)$/i.test(arg.value))
      signed = arg.value.toLowerCase() === 'true';
    else return fail('unsupported', n.pos, n.name);
  }
  const date = (x: Node) => {
    if (x.k === 'str' && x.value.toLowerCase() === 'today') return 'today()';
    if (x.k === 'str' && x.value.toLowerCase() === 'now') return fail('unsupported', x.pos, x.value);
    return e(x);
  };
  const call = `elapsed(${date(a)}, ${date(b)}, ${quote(unit.value)})`;
  return signed ? call : `abs(${call})`;
}

/** Translate one REDCap expression (branching logic or calculation) for a field of `ctx.form`. */
export function translateLogic(source: string, ctx: LogicContext): TranslateResult {
  try {
    const parser = new Parser(tokenize(source), ctx);
    const tree = parser.parseAll();
    const expr = emit(tree, (kind, pos, token) => {
      throw new Refused({ kind, position: pos + 1, token });
    });
    return { ok: true, expr, droppedEvents: parser.droppedEvents };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, failure: err.failure };
    return { ok: false, failure: { kind: 'syntax', position: 1, token: '' } };
  }
}
