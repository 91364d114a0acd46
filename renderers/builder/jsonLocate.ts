/**
 * Where a JSON path is in a JSON text: the engine reports problems by path (`sections[1].items[3].fieldtype`,
 * `rules[0].expr`, `columns[2].children[0]`), the editor needs a character range to put its marker on. Pure: one pass
 * over a valid JSON text builds a small tree of offsets, then any number of paths are located in it.
 */

/** A character range in the text (0-based, `to` exclusive). */
export interface TextRange {
  from: number;
  to: number;
}

/** Where a path is: `exact` false when the path goes further than the text (a missing field: its nearest parent). */
export interface LocatedPath extends TextRange {
  exact: boolean;
  /** The located value is a string literal (its range includes the quotes). */
  isString: boolean;
}

interface JsonNode {
  from: number;
  to: number;
  /** Start of the property name (with its quote) when the node is an object member. */
  keyFrom: number | null;
  kind: 'object' | 'array' | 'string' | 'scalar';
  members: Map<string, JsonNode> | null;
  items: JsonNode[] | null;
}

const WS = new Set([' ', '\t', '\n', '\r']);

/** The offset tree of a valid JSON text (null when it is not valid JSON). */
export function jsonTree(text: string): JsonIndex | null {
  let i = 0;
  const ws = () => {
    while (i < text.length && WS.has(text[i]!)) i++;
  };
  const stringEnd = (start: number): number => {
    let j = start + 1;
    while (j < text.length) {
      const ch = text[j];
      if (ch === '\\') j += 2;
      else if (ch === '"') return j + 1;
      else j++;
    }
    throw new Error('unterminated');
  };
  const value = (keyFrom: number | null): JsonNode => {
    ws();
    const from = i;
    const ch = text[i];
    if (ch === '{') {
      i++;
      const members = new Map<string, JsonNode>();
      ws();
      if (text[i] === '}') {
        i++;
        return { from, to: i, keyFrom, kind: 'object', members, items: null };
      }
      for (;;) {
        ws();
        const kFrom = i;
        const kTo = stringEnd(i);
        const key = JSON.parse(text.slice(kFrom, kTo)) as string;
        i = kTo;
        ws();
        if (text[i] !== ':') throw new Error('colon');
        i++;
        const child = value(kFrom);
        if (!members.has(key)) members.set(key, child);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] !== '}') throw new Error('brace');
        i++;
        return { from, to: i, keyFrom, kind: 'object', members, items: null };
      }
    }
    if (ch === '[') {
      i++;
      const items: JsonNode[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return { from, to: i, keyFrom, kind: 'array', members: null, items };
      }
      for (;;) {
        items.push(value(null));
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] !== ']') throw new Error('bracket');
        i++;
        return { from, to: i, keyFrom, kind: 'array', members: null, items };
      }
    }
    if (ch === '"') {
      i = stringEnd(i);
      return { from, to: i, keyFrom, kind: 'string', members: null, items: null };
    }
    while (i < text.length && !WS.has(text[i]!) && !',]}'.includes(text[i]!)) i++;
    if (i === from) throw new Error('value');
    return { from, to: i, keyFrom, kind: 'scalar', members: null, items: null };
  };
  try {
    const root = value(null);
    return new JsonIndex(text, root);
  } catch {
    return null;
  }
}

/** `sections[1].items[3].fieldtype` → ['sections', 1, 'items', 3, 'fieldtype']; '' → []. */
export function pathSegments(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (m[2] !== undefined) out.push(Number(m[2]));
    else if (m[1] !== undefined) out.push(m[1]);
  }
  return out;
}

export class JsonIndex {
  constructor(
    readonly text: string,
    private readonly root: JsonNode,
  ) {}

  /**
   * The range of a path's value. Objects and arrays are marked on their first line (from the property name or the
   * opening bracket to the end of that line), scalars and strings whole; a path the text does not have goes to its
   * nearest parent, marked the same way, with `exact` false.
   */
  locate(path: string | readonly (string | number)[]): LocatedPath {
    const segments = typeof path === 'string' ? pathSegments(path) : path;
    let node = this.root;
    let exact = true;
    for (const segment of segments) {
      const next = typeof segment === 'number' ? node.items?.[segment] : node.members?.get(String(segment));
      if (!next) {
        exact = false;
        break;
      }
      node = next;
    }
    if (node.kind === 'object' || node.kind === 'array') {
      const from = node.keyFrom ?? node.from;
      const lineEnd = this.text.indexOf('\n', node.from);
      const to = lineEnd === -1 || lineEnd > node.to ? node.to : Math.max(lineEnd, node.from + 1);
      return { from, to, exact, isString: false };
    }
    return { from: node.from, to: node.to, exact, isString: node.kind === 'string' };
  }
}

/**
 * The text offset of the character at `index` (0-based, in the decoded string) of the string literal starting at
 * `literalFrom` (its opening quote). Escapes count as one character (`\n`, `\"`, `\u00e9`). Past the end: the
 * closing quote.
 */
export function stringCharOffset(text: string, literalFrom: number, index: number): number {
  let j = literalFrom + 1;
  let decoded = 0;
  while (j < text.length && text[j] !== '"') {
    if (decoded === index) return j;
    j += text[j] === '\\' ? (text[j + 1] === 'u' ? 6 : 2) : 1;
    decoded++;
  }
  return j;
}

/** Line and column (1-based) of an offset. */
export function lineColumnOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let k = text.indexOf('\n'); k !== -1 && k < offset; k = text.indexOf('\n', k + 1)) {
    line++;
    lineStart = k + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
