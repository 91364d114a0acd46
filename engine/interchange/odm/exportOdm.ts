/**
 * Study definition → CDISC ODM 1.3.2 `Study/MetaDataVersion` (issue 17). Placeholder until the exporter lands.
 * `importOdm(exportOdmMetadata(d))` gives `d` back (the round-trip property).
 */
import type { StudyDefinition } from '../types';

export interface OdmFileInfo {
  /** `ODM/@FileOID`. */
  fileOid: string;
  /** `ODM/@CreationDateTime`, ISO 8601 with offset. */
  creationDateTime: string;
  /** `ODM/@SourceSystem`. */
  sourceSystem: string;
}

export function exportOdmMetadata(_definition: StudyDefinition, _file: OdmFileInfo): string {
  throw new Error('exportOdmMetadata: not implemented yet');
}
