/**
 * Message ids of the rule language (engine/rules): syntax and arity errors of a rule (RuleError.messageId). Their
 * texts live in the app tier of the catalogues (src/i18n/app/*.json).
 *
 * Every error carries these values:
 * - `pos`: 1-based character position of the offending token in the rule text (RuleError.span is 0-based)
 * - `token`: the offending token as written ('' at the end of the input)
 * - `at`: 'end' when the error is at the end of the input, else 'token' (for an ICU select)
 * plus the ones named below.
 */
export const RULE_MSG = {
  /** The rule text is empty (or only spaces). */
  empty: 'rule.empty',
  /** A token that cannot stand here (or a character that is no token: `@`, `&`, `|`, …). */
  unexpectedToken: 'rule.unexpectedToken',
  /** A string literal without its closing quote. */
  unterminatedString: 'rule.unterminatedString',
  /** `(` — of a group or a call — without its `)`. */
  missingParen: 'rule.missingParen',
  /** `[NAME` without `]`. */
  missingBracket: 'rule.missingBracket',
  /** `[` not followed by a variable name (`[A-Za-z_][A-Za-z0-9_]*`). */
  badReference: 'rule.badReference',
  /** A name used without brackets and not followed by `(`: + name (variables are written `[NAME]`). */
  bareName: 'rule.bareName',
  /** + name */
  unknownFunction: 'rule.unknownFunction',
  /** + name, min, max (max 'any' when unbounded), given, shape ('exact' | 'atLeast' | 'range') */
  arity: 'rule.arity',
  /** `a < b < c`: comparisons do not chain. */
  chainedComparison: 'rule.chainedComparison',
  /** Input left after a complete expression. */
  trailingInput: 'rule.trailingInput',
  /** + max: parentheses, calls and prefix operators nested too deeply. */
  tooDeep: 'rule.tooDeep',
} as const;

export type RuleMessageId = (typeof RULE_MSG)[keyof typeof RULE_MSG];
