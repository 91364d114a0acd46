/**
 * The rule language of eCRF forms (docs/form-schema.md#rules): a small expression language for show/hide,
 * required-if, calculated values and edit checks. Parsed once into this AST by a real parser — never `eval` or
 * `new Function` — then evaluated against a form's values.
 *
 *   [SYSBP] > [DIABP]
 *   datediff([BRTHDAT], [VISDAT], 'y') >= 18
 *   isblank([AEENDAT]) or [AEENDAT] >= [AESTDAT]
 *   in([SEX], 'F', 'U') and not [PREG] = 'Y'
 *   round([WEIGHT] / ([HEIGHT] / 100) ^ 2, 1)
 */

/** A value during evaluation. `null` is blank/unknown: it propagates through arithmetic and comparisons. */
export type RuleValue = number | string | boolean | null | readonly string[];

export type BinaryOp =
  'or' | 'and' | '=' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | '/' | '%' | '^';
export type UnaryOp = 'not' | '-';

/** Position in the source text (0-based character offset) for error messages. */
export interface SourceSpan {
  start: number;
  end: number;
}

export type Expr =
  | { kind: 'number'; value: number; span: SourceSpan }
  | { kind: 'string'; value: string; span: SourceSpan }
  | { kind: 'boolean'; value: boolean; span: SourceSpan }
  | { kind: 'null'; span: SourceSpan }
  | { kind: 'ref'; name: string; span: SourceSpan }
  | { kind: 'unary'; op: UnaryOp; arg: Expr; span: SourceSpan }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr; span: SourceSpan }
  | { kind: 'call'; fn: string; args: readonly Expr[]; span: SourceSpan };

/** A syntax or arity error: a message id (`rule.*`, engine/rules/messages.ts) with the position and the token. */
export interface RuleError {
  messageId: string;
  values: Record<string, string | number>;
  span: SourceSpan;
}

export type ParseResult = { ok: true; expr: Expr } | { ok: false; error: RuleError };

/** What evaluation reads: the current value of a variable, already typed by its item (see form/ruleValues). */
export interface EvalEnv {
  value(name: string): RuleValue;
  /** `yyyy-MM-dd`, for today(). */
  today: string;
}
