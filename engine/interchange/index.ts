/** Study interchange (issue 17, docs/interchange.md): import and export of study definitions and data. */
export type * from './types';
export { STUDY_IMPORTERS, importerFor } from './formats';
export { importOdm, looksLikeOdm, odmImporter } from './odm/importOdm';
export { exportOdmMetadata, type OdmFileInfo } from './odm/exportOdm';
export { importRedcapDictionary, looksLikeRedcapDictionary, redcapImporter } from './redcap/importDictionary';
export {
  odmDataEnd,
  odmDataStart,
  odmSubjectData,
  type OdmAudit,
  type OdmDataHeader,
  type OdmEventData,
  type OdmFormData,
  type OdmItemValue,
  type OdmLocation,
  type OdmSubject,
  type OdmUser,
} from './odm/clinicalData';
export { importOutcomes, type ImportOutcomes } from './outcomes';
