/** Building FieldProblems. */
import type { FieldProblem } from '../types';

export function error(messageId: string, values?: Record<string, string | number>): FieldProblem {
  return values === undefined ? { level: 'error', messageId } : { level: 'error', messageId, values };
}

export function warning(messageId: string, values?: Record<string, string | number>): FieldProblem {
  return values === undefined ? { level: 'warning', messageId } : { level: 'warning', messageId, values };
}
