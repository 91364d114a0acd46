/** Texts of form problems and schema issues in the current UI language. */
import { useCallback } from 'react';
import { useIntl, type IntlShape, type MessageDescriptor } from '../intl';
import type { Locale } from '../../engine/api/localized';
import type { FieldProblem, FormSchemaIssue } from '../../engine/form/types';
import { metaText } from '../../engine/metadata/metaText';
import { engineLocale } from '../search/metadataText';

/** A field problem's text: a check rule's own message wins over the message id. */
export function fieldProblemText(intl: IntlShape, problem: FieldProblem, locale?: Locale): string {
  if (problem.text !== undefined) return metaText(problem.text, locale ?? engineLocale(intl.locale));
  const descriptor: MessageDescriptor = { id: problem.messageId };
  return intl.formatMessage(descriptor, problem.values);
}

export function useFieldProblemText(): (problem: FieldProblem) => string {
  const intl = useIntl();
  return useCallback((problem: FieldProblem) => fieldProblemText(intl, problem), [intl]);
}

/** A schema issue's text (its values: variable, rule, cycle …). */
export function schemaIssueText(intl: IntlShape, issue: FormSchemaIssue): string {
  const descriptor: MessageDescriptor = { id: issue.messageId };
  return intl.formatMessage(descriptor, { path: issue.path, subject: issue.subject ?? '', ...issue.values });
}
