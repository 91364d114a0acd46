/**
 * A study file opened in the workbench (ODM XML, REDCap data dictionary CSV): recognised by its content (never by
 * its name) through the interchange importers, read into a study definition, its forms offered to the editor and
 * its code lists made the workbench's catalogue. Pure (no React): the workbench shows what this answers.
 */
import type { CodeListCatalog } from '../../engine/form/types';
import type { ImportResult, StudyCodeList, StudyImporter } from '../../engine/interchange/types';

/** Which importer reads a text (the interchange registry by default; stories and tests hand their own). */
export type ImporterLookup = (text: string) => StudyImporter | null;

/** What opening a file's text amounts to. */
export type OpenedFile =
  /** JSON (or anything that is not a study file): the text goes to the editor as it is. */
  | { kind: 'json' }
  /** A study file in a known format, read. */
  | { kind: 'study'; format: string; result: ImportResult }
  /** Not JSON, and no importer knows it. */
  | { kind: 'unknown' };

/** JSON texts start with an object or an array (after blanks and a byte-order mark). */
export function looksLikeJson(text: string): boolean {
  return /^\uFEFF?\s*[[{]/.test(text);
}

/** Reads a file's text: JSON to the editor, a study file through its importer, anything else refused. */
export function openFileText(text: string, lookup: ImporterLookup): OpenedFile {
  if (looksLikeJson(text)) return { kind: 'json' };
  const importer = lookup(text);
  if (!importer) return { kind: 'unknown' };
  return { kind: 'study', format: importer.format, result: importer.read(text) };
}

/** A study's code lists as the compiler checks against them (name → options). */
export function codeListCatalogOf(lists: readonly StudyCodeList[]): CodeListCatalog {
  return Object.fromEntries(
    lists.map((list) => [
      list.name,
      list.items.map((item) => ({ value: item.codevalue, label: item.codedesp })),
    ]),
  );
}
