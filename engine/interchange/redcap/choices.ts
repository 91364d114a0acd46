/**
 * REDCap choices (`1, Yes | 2, No`) → code lists. One code list per distinct choice set (same codes and labels in
 * the same order), named after the first field that uses it (`redcap_<variable>`), shared by every field with the
 * identical set; yesno and truefalse fields share the standard lists `redcap_yesno` and `redcap_truefalse`.
 */
import type { MetaText } from '../../metadata/types';
import type { StudyCodeList } from '../types';

export interface Choice {
  code: string;
  label: string;
}

export interface ParsedChoices {
  choices: Choice[];
  /** Parts without a `code, label` shape. */
  bad: string[];
  /** Codes given twice (the first is kept). */
  duplicates: string[];
}

/** `1, Yes | 2, No` → choices. A part without a comma is its own code and label (as REDCap reads `A | B`). */
export function parseChoices(text: string): ParsedChoices {
  const choices: Choice[] = [];
  const bad: string[] = [];
  const duplicates: string[] = [];
  const seen = new Set<string>();
  for (const rawPart of text.split('|')) {
    const part = rawPart.trim();
    if (part === '') continue;
    const comma = part.indexOf(',');
    const code = (comma < 0 ? part : part.slice(0, comma)).trim();
    const label = (comma < 0 ? part : part.slice(comma + 1)).trim();
    if (code === '' || label === '' || !/^[A-Za-z0-9._-]+$/.test(code)) {
      bad.push(part);
      continue;
    }
    if (seen.has(code)) {
      duplicates.push(code);
      continue;
    }
    seen.add(code);
    choices.push({ code, label });
  }
  return { choices, bad, duplicates };
}

export const YESNO_LIST = 'redcap_yesno';
export const TRUEFALSE_LIST = 'redcap_truefalse';

const STANDARD_LISTS: Readonly<Record<string, StudyCodeList>> = {
  [YESNO_LIST]: {
    name: YESNO_LIST,
    dataType: 'integer',
    items: [
      { codevalue: '1', codedesp: { zh_CN: '是', en: 'Yes' } },
      { codevalue: '0', codedesp: { zh_CN: '否', en: 'No' } },
    ],
  },
  [TRUEFALSE_LIST]: {
    name: TRUEFALSE_LIST,
    dataType: 'integer',
    items: [
      { codevalue: '1', codedesp: { zh_CN: '正确', en: 'True' } },
      { codevalue: '0', codedesp: { zh_CN: '错误', en: 'False' } },
    ],
  },
};

/** The code lists of one import, in order of first use. */
export class CodeListBook {
  private readonly byKey = new Map<string, StudyCodeList>();
  private readonly lists: StudyCodeList[] = [];
  private readonly names = new Set<string>();

  /** The standard yes/no or true/false list (added on first use). */
  standard(name: typeof YESNO_LIST | typeof TRUEFALSE_LIST): string {
    if (!this.names.has(name)) this.push(name, STANDARD_LISTS[name]!);
    return name;
  }

  /** The name of the list with exactly these choices, creating it (named after `variable`) on first use. */
  listFor(variable: string, choices: readonly Choice[]): string {
    const key = JSON.stringify(choices.map((c) => [c.code, c.label]));
    const existing = this.byKey.get(key);
    if (existing) return existing.name;
    let name = `redcap_${variable}`;
    for (let n = 2; this.names.has(name); n++) name = `redcap_${variable}_${n}`;
    const list: StudyCodeList = {
      name,
      dataType: choices.every((c) => /^-?\d+$/.test(c.code)) ? 'integer' : 'text',
      items: choices.map((c) => ({ codevalue: c.code, codedesp: c.label as MetaText })),
    };
    this.byKey.set(key, list);
    this.push(name, list);
    return name;
  }

  /** The options of a list by name (for the compiler's catalogue and the logic translator). */
  options(name: string): readonly { codevalue: string; codedesp: MetaText }[] {
    return this.lists.find((l) => l.name === name)?.items ?? [];
  }

  all(): StudyCodeList[] {
    return [...this.lists];
  }

  private push(name: string, list: StudyCodeList): void {
    this.names.add(name);
    this.lists.push(list);
  }
}
