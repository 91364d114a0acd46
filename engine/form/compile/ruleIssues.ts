/** A rule-language syntax error as a schema issue: the rule's own message id and values, at the expression's path. */
import type { RuleError } from '../../rules/types';
import type { FormSchemaIssue } from '../types';

export function ruleErrorIssue(path: string, subject: string | null, error: RuleError): FormSchemaIssue {
  return { path, subject, messageId: error.messageId, values: { ...error.values }, span: { ...error.span } };
}
