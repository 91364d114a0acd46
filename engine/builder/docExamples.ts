/**
 * Checked examples in the documentation (docs/*.md): fenced blocks whose info string marks them, extracted so that a
 * test runs each one (engine/builder/docs.test.ts).
 *
 * - ` ```rule `: one example per line — `expression [given {json}] → result`, where result is JSON or
 *   `error <message id> at <1-based position>`; a line without `→` must parse.
 * - ` ```json form-schema [issues=a,b] `: a form schema that compiles (or gives exactly these issue message ids).
 * - ` ```json search-fields `, ` ```json columns `, ` ```json column `: list metadata that parses without issues.
 */

export interface DocBlock {
  /** The marker: `rule`, `form-schema`, `search-fields`, `columns`, `column`. */
  kind: string;
  /** `key=value` words after the marker. */
  attributes: Readonly<Record<string, string>>;
  body: string;
  /** 1-based line of the opening fence. */
  line: number;
}

const MARKED = new Set(['rule', 'form-schema', 'search-fields', 'columns', 'column']);

/** The marked fenced blocks of a Markdown text, in order. */
export function markedBlocks(markdown: string): DocBlock[] {
  const blocks: DocBlock[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(.*)$/.exec(lines[i]!);
    if (!open) continue;
    let end = i + 1;
    while (end < lines.length && !lines[end]!.startsWith('```')) end++;
    const words = open[1]!.trim().split(/\s+/).filter(Boolean);
    const kind = words[0] === 'json' ? words[1] : words[0];
    if (kind !== undefined && MARKED.has(kind)) {
      const attributes: Record<string, string> = {};
      for (const word of words.slice(words[0] === 'json' ? 2 : 1)) {
        const [key, value = ''] = word.split('=');
        if (key) attributes[key] = value;
      }
      blocks.push({ kind, attributes, body: lines.slice(i + 1, end).join('\n'), line: i + 1 });
    }
    i = end;
  }
  return blocks;
}

export type RuleExpectation =
  { kind: 'value'; value: unknown } | { kind: 'error'; messageId: string; pos: number } | { kind: 'parses' };

export interface RuleExample {
  source: string;
  given: Readonly<Record<string, unknown>>;
  expect: RuleExpectation;
  /** The line as written (for failure messages). */
  text: string;
}

const ARROW = ' → ';
const GIVEN = ' given ';

/** The examples of a ` ```rule ` block (blank lines skipped). */
export function ruleExamples(body: string): RuleExample[] {
  const examples: RuleExample[] = [];
  for (const text of body.split('\n')) {
    if (text.trim() === '') continue;
    const arrow = text.lastIndexOf(ARROW);
    if (arrow < 0) {
      examples.push({ source: text, given: {}, expect: { kind: 'parses' }, text });
      continue;
    }
    let source = text.slice(0, arrow);
    let given: Record<string, unknown> = {};
    const at = source.lastIndexOf(GIVEN);
    if (
      at >= 0 &&
      source
        .slice(at + GIVEN.length)
        .trim()
        .startsWith('{')
    ) {
      given = JSON.parse(source.slice(at + GIVEN.length)) as Record<string, unknown>;
      source = source.slice(0, at);
    }
    const result = text.slice(arrow + ARROW.length).trim();
    const error = /^error (\S+) at (\d+)$/.exec(result);
    const expect: RuleExpectation = error
      ? { kind: 'error', messageId: error[1]!, pos: Number(error[2]) }
      : { kind: 'value', value: JSON.parse(result) as unknown };
    examples.push({ source, given, expect, text });
  }
  return examples;
}
