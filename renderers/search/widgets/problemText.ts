import type { IntlShape, MessageDescriptor } from '../../intl';
import type { ValueProblem } from '../../../engine/fieldTypes/types';

/** Translated text of a value problem. */
export function problemText(intl: IntlShape, problem: ValueProblem): string {
  const descriptor: MessageDescriptor = { id: problem.messageId };
  return intl.formatMessage(descriptor, problem.values);
}

/** The message to show under an input: the first error, else the first warning; null when fine. */
export function firstProblem(problems: readonly ValueProblem[]): ValueProblem | null {
  return problems.find((p) => p.level === 'error') ?? problems.find((p) => p.level === 'warning') ?? null;
}
