/**
 * The characters XML (and PostgreSQL text) may hold: a character reference in an imported file (`&#0;`, `&#xD800;`)
 * that names anything else is left as written, never decoded into a NUL or a lone surrogate.
 */
export function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/** True when the text holds a NUL or an unpaired UTF-16 surrogate (what no database text column accepts). */
export function hasUnstorableText(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
  return /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}
