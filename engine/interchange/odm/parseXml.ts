/**
 * XML text → a small element tree for the ODM reader, on fast-xml-parser (no DOM). Well-formedness is checked
 * first so that a broken file is reported with its line and column; entities are decoded here (the five predefined
 * ones and character references; no DTD entity is ever expanded).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { decodeEntities } from './xmlText';

export interface XmlElement {
  /** Qualified name as written (`ItemDef`, `OpenClinica:ItemDetails`). */
  name: string;
  /** Name without its prefix. */
  local: string;
  attrs: Readonly<Record<string, string>>;
  children: XmlElement[];
  /** The element's own text (concatenated text nodes), decoded. */
  text: string;
}

export type XmlParseResult =
  { ok: true; root: XmlElement } | { ok: false; line: number; column: number; message: string };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  preserveOrder: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

type Ordered = Record<string, unknown>;

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

function convert(node: Ordered): XmlElement | null {
  const name = Object.keys(node).find((k) => k !== ':@');
  if (name === undefined || name === '#text' || name.startsWith('?') || name === '#comment') return null;
  const rawAttrs = (node[':@'] ?? {}) as Record<string, unknown>;
  const attrs: Record<string, string> = {};
  for (const [k, v] of Object.entries(rawAttrs)) attrs[k] = decodeEntities(String(v));
  const children: XmlElement[] = [];
  let text = '';
  const content = node[name];
  if (Array.isArray(content)) {
    for (const child of content as Ordered[]) {
      if (Object.hasOwn(child, '#text')) text += decodeEntities(String(child['#text']));
      else {
        const c = convert(child);
        if (c !== null) children.push(c);
      }
    }
  }
  return { name, local: localName(name), attrs, children, text };
}

export function parseXml(text: string): XmlParseResult {
  const body = text.replace(/^\uFEFF/, '');
  const valid = XMLValidator.validate(body);
  if (valid !== true)
    return { ok: false, line: valid.err.line, column: valid.err.col, message: valid.err.msg };
  let tree: unknown;
  try {
    tree = parser.parse(body);
  } catch (e) {
    return { ok: false, line: 1, column: 1, message: e instanceof Error ? e.message : String(e) };
  }
  const roots = (Array.isArray(tree) ? (tree as Ordered[]) : []).map(convert).filter((e) => e !== null);
  const root = roots[0];
  if (root === undefined) return { ok: false, line: 1, column: 1, message: 'no root element' };
  return { ok: true, root };
}

/** The children with this local name. */
export function childrenOf(el: XmlElement, local: string): XmlElement[] {
  return el.children.filter((c) => c.local === local);
}

export function childOf(el: XmlElement, local: string): XmlElement | undefined {
  return el.children.find((c) => c.local === local);
}

/** An attribute by its name without prefix (`OID`), or with one (`redcap:Variable`). */
export function attr(el: XmlElement, name: string): string | undefined {
  return el.attrs[name];
}
