/** The rule language of eCRF forms: parse once, read the dependencies, evaluate against values. */
export type {
  BinaryOp,
  EvalEnv,
  Expr,
  ParseResult,
  RuleError,
  RuleValue,
  SourceSpan,
  UnaryOp,
} from './types';
export { parseRule, MAX_RULE_DEPTH } from './parser';
export { evaluateRule, isTrue, isFalse } from './evaluate';
export { ruleReads } from './reads';
export { findCycle, findCycles, topologicalOrder, type DependencyGraph } from './graph';
export { RULE_FUNCTIONS, lookupRuleFunction, roundHalfAwayFromZero, type RuleFunction } from './functions';
export { RULE_MSG, type RuleMessageId } from './messages';
export { isBlank, toNumber, compareValues, equalValues } from './values';
export {
  parseDateParts,
  parseFullDate,
  isLeapYear,
  daysInMonth,
  type DateParts,
  type FullDate,
} from './dates';
