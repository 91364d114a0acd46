/**
 * The demo study's definition — visits, forms and code lists — as the seed stores it: imported from the ODM file
 * fixtures/interchange/odm/demo-study.xml through the engine's importers (`importerFor`, the path of a real import,
 * docs/interchange.md), and checked as a publish checks an import: every form compiles against the imported code
 * lists. A file that does not import cleanly stops the seed with the problems named (docs/codelists.md).
 * scripts/exportDemoOdm.ts writes the file from the JSON fixtures; engine/interchange/odm/demoStudy.test.ts keeps
 * it from drifting.
 */
import { readFile } from 'node:fs/promises';
import { compileForm } from '../../engine/form/index';
import type { CodeListCatalog } from '../../engine/form/types';
import { importerFor } from '../../engine/interchange/formats';
import type { StudyCodeList, StudyDefinition } from '../../engine/interchange/types';
import type { MetaText } from '../../engine/metadata/types';
import type { CodeListsSeed } from './lists';

export const DEMO_STUDY_ODM_FILE = new URL('../../fixtures/interchange/odm/demo-study.xml', import.meta.url);

const SITE = 'SITE';

function localized(text: MetaText): { zh_CN: string; en: string } {
  return typeof text === 'string' ? { zh_CN: text, en: text } : text;
}

/** A study's code lists as compileForm takes them (SITE: the role's sites, options unknown here). */
export function codeListCatalog(lists: readonly StudyCodeList[]): CodeListCatalog {
  const catalog: Record<string, { value: string; label: { zh_CN: string; en: string } }[] | null> = {
    [SITE]: null,
  };
  for (const l of lists)
    catalog[l.name] = l.items.map((i) => ({ value: i.codevalue, label: localized(i.codedesp) }));
  return catalog;
}

/** The problems of a definition as the seed reports them: every form compiled against its code lists. */
export function definitionProblems(definition: StudyDefinition): string[] {
  const catalog = codeListCatalog(definition.codeLists);
  return definition.forms.flatMap((form) => {
    const compiled = compileForm(form, { codeLists: catalog });
    return compiled.ok
      ? []
      : compiled.issues.map(
          (i) => `form ${form.tid}: ${i.path} ${i.messageId} ${JSON.stringify(i.values ?? {})}`,
        );
  });
}

/** Reads and imports an ODM text; throws naming the file and every error (the seed must not store half a study). */
export function importDemoStudy(text: string, file = 'demo-study.xml'): StudyDefinition {
  const importer = importerFor(text);
  if (!importer) throw new Error(`${file}: not an ODM file`);
  const result = importer.read(text);
  const errors = result.issues
    .filter((i) => i.severity === 'error')
    .map((i) => `${i.at}: ${i.messageId} ${JSON.stringify(i.values)}`);
  if (!result.definition || errors.length > 0)
    throw new Error(`${file} does not import:\n${errors.join('\n') || 'no definition'}`);
  const problems = definitionProblems(result.definition);
  if (problems.length > 0) throw new Error(`${file}: forms that do not compile:\n${problems.join('\n')}`);
  return result.definition;
}

let cached: Promise<StudyDefinition> | null = null;

/** The demo study's definition, imported from its ODM file (once per process: the file is read-only fixture data). */
export function demoStudyDefinition(): Promise<StudyDefinition> {
  cached ??= readFile(DEMO_STUDY_ODM_FILE, 'utf8').then((text) => importDemoStudy(text));
  // a failed read is not kept: the next seed reads the file again
  cached.catch(() => {
    cached = null;
  });
  return cached;
}

/** The definition's code lists in the shape of fixtures/lists/codeLists.def.json (what seedLists stores). */
export function codeListsSeedOf(definition: StudyDefinition): CodeListsSeed {
  return Object.fromEntries(
    definition.codeLists.map((l) => [
      l.name,
      l.items.map((i) => ({ codevalue: i.codevalue, codedesp: localized(i.codedesp) })),
    ]),
  );
}
