/** HTML in REDCap labels: detect it, and turn it into plain text where only text can go (section titles, notes). */
import { isXmlChar } from '../xmlChar';

const TAG = /<\/?[A-Za-z][^<>]*>/;
const ENTITY = /&(?:[A-Za-z]+|#\d+|#x[0-9A-Fa-f]+);/;

export function looksLikeHtml(text: string): boolean {
  return TAG.test(text) || ENTITY.test(text);
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** The text of an HTML fragment: tags removed (`<br>`, `</p>` as a space), common entities decoded, spaces folded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li)\b[^<>]*>/gi, ' ')
    .replace(/<[^<>]*>/g, '')
    .replace(/&(#\d+|#x[0-9A-Fa-f]+|[A-Za-z]+);/g, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return safeChar(parseInt(name.slice(2), 16), whole);
      if (name.startsWith('#')) return safeChar(Number(name.slice(1)), whole);
      const key = name.toLowerCase();
      return Object.hasOwn(ENTITIES, key) ? ENTITIES[key]! : whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

function safeChar(code: number, fallback: string): string {
  return Number.isInteger(code) && isXmlChar(code) ? String.fromCodePoint(code) : fallback;
}
