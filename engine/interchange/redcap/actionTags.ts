/**
 * Action tags in a field's annotation (`@HIDDEN @DEFAULT="1" @CHARLIMIT=20 @CALCTEXT(if([a]=1,'x','y'))`): found
 * anywhere in the annotation text where `@` starts a word; the rest of the annotation (free notes, SDTM mappings) is
 * not read. A value is `="quoted"`, `='quoted'`, `=bare` or a parenthesised argument (balanced, quotes respected).
 */

export interface ActionTag {
  /** Upper case, e.g. `@DEFAULT`. */
  name: string;
  /** The value without its quotes or outer parentheses, or null. */
  value: string | null;
}

/** Read a quoted text from `at` (the opening quote): [text, index after the closing quote]. */
function quoted(text: string, at: number): [string, number] {
  const q = text[at]!;
  const end = text.indexOf(q, at + 1);
  return end < 0 ? [text.slice(at + 1), text.length] : [text.slice(at + 1, end), end + 1];
}

/** Read a parenthesised argument from `at` (the `(`): [inside, index after `)`]. */
function parenthesised(text: string, at: number): [string, number] {
  let depth = 0;
  let i = at;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      i = quoted(text, i)[1];
      continue;
    }
    if (c === '(') depth++;
    if (c === ')') {
      depth--;
      if (depth === 0) return [text.slice(at + 1, i), i + 1];
    }
    i++;
  }
  return [text.slice(at + 1), text.length];
}

export function parseActionTags(annotation: string): ActionTag[] {
  const tags: ActionTag[] = [];
  const re = /(^|[\s,;])@([A-Za-z][A-Za-z0-9_-]*)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(annotation)) !== null) {
    const name = `@${m[2]!.toUpperCase()}`;
    let i = m.index + m[0].length;
    let value: string | null = null;
    let j = i;
    while (annotation[j] === ' ') j++;
    if (annotation[j] === '=') {
      j++;
      while (annotation[j] === ' ') j++;
      const c = annotation[j];
      if (c === '"' || c === "'") [value, i] = quoted(annotation, j);
      else {
        const bare = /^[^\s]*/.exec(annotation.slice(j))![0];
        value = bare;
        i = j + bare.length;
      }
    } else if (annotation[j] === '(') {
      [value, i] = parenthesised(annotation, j);
    }
    tags.push({ name, value });
    re.lastIndex = Math.max(i, re.lastIndex);
  }
  return tags;
}

/** Tags mapped onto the engine's concepts (see docs/interchange-redcap.md). */
export const MAPPED_TAGS: ReadonlySet<string> = new Set([
  '@HIDDEN',
  '@HIDDEN-FORM',
  '@READONLY',
  '@READONLY-FORM',
  '@DEFAULT',
  '@CHARLIMIT',
  '@CALCTEXT',
  '@FORCE-MINMAX',
]);

/** Tags that only concern surveys, the mobile app or the PDF: nothing to do in data entry (ignored silently). */
export const IRRELEVANT_TAGS: ReadonlySet<string> = new Set([
  '@HIDDEN-SURVEY',
  '@HIDDEN-APP',
  '@HIDDEN-PDF',
  '@READONLY-SURVEY',
  '@READONLY-APP',
  '@APPUSERNAME-APP',
  '@SYNC-APP',
  '@HIDEBUTTON',
  '@INLINE',
  '@INLINE-PREVIEW',
]);

/** REDCap's other documented tags: known, but the engine has no concept for them yet (reported as not mapped). */
export const KNOWN_UNMAPPED_TAGS: ReadonlySet<string> = new Set([
  '@NOW',
  '@NOW-SERVER',
  '@NOW-UTC',
  '@TODAY',
  '@TODAY-SERVER',
  '@TODAY-UTC',
  '@CALCDATE',
  '@SETVALUE',
  '@PREFILL',
  '@USERNAME',
  '@LATITUDE',
  '@LONGITUDE',
  '@PLACEHOLDER',
  '@PASSWORD-MASK',
  '@NOMISSING',
  '@NONEOFTHEABOVE',
  '@MAXCHECKED',
  '@MAXCHOICE',
  '@MAXCHOICE-SURVEY-COMPLETE',
  '@RANDOMORDER',
  '@HIDECHOICE',
  '@SHOWCHOICE',
  '@WORDLIMIT',
  '@IF',
  '@LANGUAGE-CURRENT-FORM',
  '@LANGUAGE-CURRENT-SURVEY',
  '@LANGUAGE-FORCE',
  '@LANGUAGE-SET',
  '@DOWNLOAD-COUNT',
  '@RICHTEXT',
  '@CONSENT-VERSION',
  '@SQLCHECKBOX',
  '@SQLDESCRIPTIVE',
]);
