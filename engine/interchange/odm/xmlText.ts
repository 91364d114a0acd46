/**
 * XML text for the ODM writers and reader: escaping (attribute values keep tabs and line breaks as character
 * references, since an XML parser turns a literal line break in an attribute into a space) and decoding of the five
 * predefined entities and numeric character references. Pure functions, no DOM.
 */
import { isXmlChar } from '../xmlChar';

/** Characters XML 1.0 does not allow at all (C0 controls other than tab, LF, CR; U+FFFE, U+FFFF): dropped. */
// eslint-disable-next-line no-control-regex -- these control characters are exactly what must be dropped
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Element text: `&`, `<`, `>` escaped; `\r` kept as a reference (a parser would normalise it away). */
export function escapeText(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

/** Attribute value (written inside double quotes). */
export function escapeAttr(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

const ENTITY = /&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/g;
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes predefined entities and character references (others are left as written). */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isInteger(code) && isXmlChar(code) ? String.fromCodePoint(code) : whole;
    }
    return Object.hasOwn(NAMED, name) ? NAMED[name]! : whole;
  });
}

/** Attributes as ` Name="value"` in the given order; undefined and null values are left out. */
export function attrs(values: Readonly<Record<string, string | number | undefined | null>>): string {
  let out = '';
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    out += ` ${name}="${escapeAttr(String(value))}"`;
  }
  return out;
}

/** An element: `<Name a="…">children</Name>`, or `<Name a="…"/>` without children. */
export function element(
  name: string,
  attributes: Readonly<Record<string, string | number | undefined | null>>,
  children: string | readonly string[] = '',
): string {
  const inner = typeof children === 'string' ? children : children.join('');
  return inner === '' ? `<${name}${attrs(attributes)}/>` : `<${name}${attrs(attributes)}>${inner}</${name}>`;
}

/** An element holding text only. */
export function textElement(
  name: string,
  text: string,
  attributes: Readonly<Record<string, string | number | undefined | null>> = {},
): string {
  return `<${name}${attrs(attributes)}>${escapeText(text)}</${name}>`;
}
