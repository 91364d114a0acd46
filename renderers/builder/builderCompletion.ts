/**
 * Completion in a definition's JSON: the values a property takes (`"fieldtype": "` → the registered field types,
 * `"codelisttype": "` → the study's code lists) and, inside a rule string (`"expr"`, `"formula"`), variable names
 * after `[` and the rule functions elsewhere. What is offered is asked for at each completion (the variables change
 * as the schema is edited).
 */
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';

export interface CompletionOption {
  label: string;
  /** A short note shown beside it (a code list's size, a function's arity, a variable's label). */
  detail?: string;
}

export interface BuilderCompletions {
  /** Values by property name (`fieldtype`, `codelisttype`, `kind`, `severity` …). */
  values: Readonly<Record<string, readonly CompletionOption[]>>;
  /** Properties whose string is a rule expression. */
  ruleProperties: readonly string[];
  /** The variables rules may read. */
  variables: readonly CompletionOption[];
  /** The rule functions. */
  functions: readonly CompletionOption[];
}

const PROPERTY_VALUE = /"([A-Za-z_][A-Za-z0-9_]*)"\s*:\s*"((?:[^"\\]|\\.)*)$/;

function options(list: readonly CompletionOption[], type: string): Completion[] {
  return list.map((o) => ({ label: o.label, type, ...(o.detail ? { detail: o.detail } : {}) }));
}

/** What to offer at the cursor, or null (outside a string value the builder would complete). */
export function completeAt(
  lineBefore: string,
  lineStart: number,
  offers: BuilderCompletions,
): CompletionResult | null {
  const m = PROPERTY_VALUE.exec(lineBefore);
  if (!m) return null;
  const property = m[1]!;
  const inside = m[2]!;
  const valueFrom = lineStart + lineBefore.length - inside.length;
  if (offers.ruleProperties.includes(property)) {
    const ref = /\[([A-Za-z0-9_]*)$/.exec(inside);
    if (ref) {
      return {
        from: valueFrom + inside.length - ref[1]!.length,
        options: options(offers.variables, 'variable'),
        validFor: /^[A-Za-z0-9_]*$/,
      };
    }
    const word = /([A-Za-z_][A-Za-z0-9_]*)$/.exec(inside);
    if (!word) return null;
    return {
      from: valueFrom + inside.length - word[1]!.length,
      options: options(offers.functions, 'function'),
      validFor: /^[A-Za-z0-9_]*$/,
    };
  }
  const list = offers.values[property];
  if (!list) return null;
  return { from: valueFrom, options: options(list, 'constant'), validFor: /^[A-Za-z0-9_:.-]*$/ };
}

/** A CodeMirror completion source over completeAt; `offers` is called at each completion. */
export function builderCompletionSource(offers: () => BuilderCompletions) {
  return (context: CompletionContext): CompletionResult | null => {
    const line = context.state.doc.lineAt(context.pos);
    const before = line.text.slice(0, context.pos - line.from);
    const result = completeAt(before, line.from, offers());
    if (!result) return null;
    if (!context.explicit && result.from === context.pos && !/[[":]\s*$/.test(before)) return null;
    return result;
  };
}
