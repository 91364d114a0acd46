/**
 * The interchange formats the server imports, detected by content in this order (ODM first: an XML file never
 * passes for a CSV header). A new format is a new entry here.
 */
import { odmImporter } from './odm/importOdm';
import { redcapImporter } from './redcap/importDictionary';
import type { StudyImporter } from './types';

export const STUDY_IMPORTERS: readonly StudyImporter[] = [odmImporter, redcapImporter];

/** The importer whose format the text is in, or null (the caller refuses the file as of an unknown format). */
export function importerFor(text: string): StudyImporter | null {
  return STUDY_IMPORTERS.find((importer) => importer.detect(text)) ?? null;
}
