/**
 * Labels written in HTML (`labelFormat: 'html'`, e.g. imported REDCap labels) are shown as formatted text, never as
 * markup that runs: DOMPurify keeps only formatting tags — b, i, u, em, strong, br, span (a `color` style only),
 * sup, sub, p, ul, ol, li, and a (an `http(s)` href only, opened in a new tab) — and drops everything else (scripts,
 * event attributes such as `onerror`, images, forms, other styles), keeping the text inside removed tags.
 */
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

const ALLOWED_TAGS = ['b', 'i', 'u', 'em', 'strong', 'br', 'span', 'sup', 'sub', 'p', 'ul', 'ol', 'li', 'a'];
const ALLOWED_ATTR = ['style', 'href'];
/** `color: red`, `color:#c00`, `color: rgb(200, 0, 0)` — nothing that could load or position anything. */
const COLOR = /^\s*color\s*:\s*(#[0-9a-f]{3,8}|[a-z]+|rgba?\(\s*[\d.\s,%]+\))\s*;?\s*$/i;

let purifier: Purifier | null = null;

/** Our own instance (hooks are per instance, so nothing else that uses DOMPurify is affected). */
function labelPurifier(): Purifier {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('uponSanitizeAttribute', (node, data) => {
    if (data.attrName === 'style') {
      const color = node.nodeName === 'SPAN' ? COLOR.exec(data.attrValue) : null;
      if (color) data.attrValue = `color: ${color[1]}`;
      else data.keepAttr = false;
    }
    if (data.attrName === 'href' && (node.nodeName !== 'A' || !/^https?:\/\//i.test(data.attrValue.trim()))) {
      data.keepAttr = false;
    }
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = p;
  return p;
}

/** The HTML with only formatting left (see above). */
export function sanitizeLabelHtml(html: string): string {
  return labelPurifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    KEEP_CONTENT: true,
  });
}
