/**
 * The engine's problems placed in the JSON text: a syntax error at its offset, a schema or definition issue at the
 * range of its path, a rule's syntax error at its position inside the expression string, an unknown variable at its
 * `[NAME]` in the expression. Pure (no React, no editor): the editor draws what this answers.
 */
import type { JsonIndex } from './jsonLocate';
import { lineColumnOf, pathSegments, stringCharOffset, type LocatedPath } from './jsonLocate';

export type ProblemSeverity = 'error' | 'warning' | 'info';

/** One problem as the editor and the problem list show it. */
export interface EditorProblem {
  from: number;
  to: number;
  severity: ProblemSeverity;
  /** The text shown (already in the UI language). */
  message: string;
  /** Where, as the engine said it (`sections[0].items[2].fieldtype`, `rules[1]`), or '' for a syntax error. */
  path: string;
  /** 1-based line and column of `from`. */
  line: number;
  column: number;
  /** The marker is on the nearest parent (the path goes further than the text, e.g. a missing field). */
  approximate?: boolean;
}

/** What the engine says about a definition: its path, message id and values (FormSchemaIssue, MetadataIssue). */
export interface LocatableIssue {
  path: string;
  messageId: string;
  values: Readonly<Record<string, string | number>>;
  /** Where inside the string at `path` (0-based `[start, end)` of the text the engine read, trimmed). */
  span?: { start: number; end: number };
}

/** Message ids whose `variable` value names a `[NAME]` inside the expression string at the issue's path. */
const REFERENCE_MESSAGES = new Set(['form.unknownReference']);

function decoded(text: string, at: LocatedPath): string | null {
  try {
    const value: unknown = JSON.parse(text.slice(at.from, at.to));
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** The range inside a string literal of `length` decoded characters from `index`. */
function insideString(text: string, at: LocatedPath, index: number, length: number) {
  const from = stringCharOffset(text, at.from, index);
  const to = stringCharOffset(text, at.from, index + Math.max(1, length));
  return { from, to: Math.max(to, from + 1) };
}

/**
 * The range of one issue. `root`: the name the engine gives the text's top value in its paths (`searchFields`,
 * `columns`), dropped from the path; none for a form schema (its paths start inside the object).
 */
export function issueRange(
  index: JsonIndex,
  issue: LocatableIssue,
  root?: string,
): { from: number; to: number; approximate: boolean } {
  let segments = pathSegments(issue.path);
  if (root !== undefined && segments[0] === root) segments = segments.slice(1);
  const at = index.locate(segments);
  const text = index.text;
  if (at.exact && at.isString) {
    const source = decoded(text, at);
    if (source !== null) {
      // the engine reads expressions trimmed: positions count from the first non-blank character
      const lead = source.length - source.trimStart().length;
      if (issue.span)
        return {
          ...insideString(text, at, lead + issue.span.start, issue.span.end - issue.span.start),
          approximate: false,
        };
      const pos = issue.values.pos;
      if (issue.messageId.startsWith('rule.') && typeof pos === 'number') {
        const token = String(issue.values.token ?? '');
        return { ...insideString(text, at, lead + pos - 1, token.length), approximate: false };
      }
      const variable = issue.values.variable;
      if (REFERENCE_MESSAGES.has(issue.messageId) && typeof variable === 'string') {
        const k = source.indexOf(`[${variable}]`);
        if (k !== -1) return { ...insideString(text, at, k, variable.length + 2), approximate: false };
      }
    }
  }
  return { from: at.from, to: Math.max(at.to, at.from + 1), approximate: !at.exact };
}

/** Every issue placed (an index built once for all of them), in text order. */
export function placeIssues<T extends LocatableIssue>(
  text: string,
  index: JsonIndex,
  issues: readonly T[],
  describe: (issue: T) => { message: string; severity?: ProblemSeverity },
  root?: string,
): EditorProblem[] {
  const placed = issues.map((issue) => {
    const range = issueRange(index, issue, root);
    const { message, severity = 'error' } = describe(issue);
    return {
      ...range,
      severity,
      message,
      path: issue.path,
      ...lineColumnOf(text, range.from),
    };
  });
  return placed.sort((a, b) => a.from - b.from);
}

/** A JSON syntax error at its offset (the character that cannot continue the text, or the end). */
export function syntaxProblem(text: string, offset: number, message: string): EditorProblem {
  const from = Math.min(offset, text.length);
  return {
    from,
    to: Math.min(from + 1, text.length),
    severity: 'error',
    message,
    path: '',
    ...lineColumnOf(text, from),
  };
}
