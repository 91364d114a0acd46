/**
 * Where a schema issue is in the JSON text the builder edits: `path` (`sections[1].items[3].fieldtype`) → the
 * character range of that value, and a `span` inside a string value (a rule expression) → the range of those
 * characters in the text, escapes counted as written. Offsets are UTF-16 code units, as editors count them.
 * A path that does not exist (a missing field) gives the nearest enclosing value, with `exact: false`.
 */
import type { SourceSpan } from '../rules/types';

interface Node {
  from: number;
  to: number;
  kind: 'object' | 'array' | 'string' | 'other';
  members?: Map<string, Node>;
  elements?: Node[];
}

class Scanner {
  pos = 0;
  constructor(readonly text: string) {}

  fail(): never {
    throw new Error('json');
  }

  space(): void {
    while (this.pos < this.text.length && ' \t\n\r'.includes(this.text[this.pos]!)) this.pos++;
  }

  value(): Node {
    this.space();
    const from = this.pos;
    const c = this.text[this.pos];
    if (c === '{') {
      this.pos++;
      const members = new Map<string, Node>();
      this.space();
      if (this.text[this.pos] === '}') this.pos++;
      else {
        for (;;) {
          this.space();
          if (this.text[this.pos] !== '"') this.fail();
          const key = JSON.parse(this.text.slice(this.pos, this.stringEnd())) as string;
          this.space();
          if (this.text[this.pos++] !== ':') this.fail();
          members.set(key, this.value());
          this.space();
          const next = this.text[this.pos++];
          if (next === '}') break;
          if (next !== ',') this.fail();
        }
      }
      return { from, to: this.pos, kind: 'object', members };
    }
    if (c === '[') {
      this.pos++;
      const elements: Node[] = [];
      this.space();
      if (this.text[this.pos] === ']') this.pos++;
      else {
        for (;;) {
          elements.push(this.value());
          this.space();
          const next = this.text[this.pos++];
          if (next === ']') break;
          if (next !== ',') this.fail();
        }
      }
      return { from, to: this.pos, kind: 'array', elements };
    }
    if (c === '"') return { from, to: this.stringEnd(), kind: 'string' };
    const m = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
      this.text.slice(this.pos, this.pos + 64),
    );
    if (!m) this.fail();
    this.pos += m[0].length;
    return { from, to: this.pos, kind: 'other' };
  }

  /** Moves past the string starting at pos; answers its end (after the closing quote). */
  stringEnd(): number {
    let i = this.pos + 1;
    while (i < this.text.length && this.text[i] !== '"') i += this.text[i] === '\\' ? 2 : 1;
    if (i >= this.text.length) this.fail();
    this.pos = i + 1;
    return this.pos;
  }
}

/** `sections[1].items[3].fieldtype` → ['sections', 1, 'items', 3, 'fieldtype']. */
export function pathSegments(path: string): (string | number)[] {
  const segments: (string | number)[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g))
    segments.push(m[2] !== undefined ? Number(m[2]) : m[1]!);
  return segments;
}

/** The text offset of character `index` of the string literal's value (the literal spans [from, to)). */
function offsetInString(text: string, from: number, to: number, index: number): number {
  let decoded = 0;
  let i = from + 1;
  while (i < to - 1 && decoded < index) {
    if (text[i] === '\\') i += text[i + 1] === 'u' ? 6 : 2;
    else i += 1;
    decoded += 1;
  }
  return i;
}

export interface TextRange {
  from: number;
  to: number;
  /** false: the path was not found whole; the range is its nearest enclosing value. */
  exact: boolean;
}

/** The range of the value at `path` (and of `span` inside it when it is a string), or null when the JSON is unreadable. */
export function locateInJson(text: string, path: string, span?: SourceSpan): TextRange | null {
  let root: Node;
  try {
    root = new Scanner(text).value();
  } catch {
    return null;
  }
  let node = root;
  let exact = true;
  for (const segment of pathSegments(path)) {
    const next = typeof segment === 'number' ? node.elements?.[segment] : node.members?.get(segment);
    if (next === undefined) {
      exact = false;
      break;
    }
    node = next;
  }
  if (span !== undefined && exact && node.kind === 'string') {
    const from = offsetInString(text, node.from, node.to, span.start);
    const to = Math.max(offsetInString(text, node.from, node.to, span.end), from);
    return { from, to, exact };
  }
  return { from: node.from, to: node.to, exact };
}
