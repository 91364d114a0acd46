/**
 * What the interchange domain takes from the engine's interchange modules, as one object the plugin decorates
 * (`app.interchange`): the importers (by content) and the ODM writers. Tests stand in for either without touching
 * the engine (the importers and writers are being written apart from the server).
 */
import { odmDataEnd, odmDataStart, odmSubjectParts } from '../../../engine/interchange/odm/clinicalData';
import { exportOdmMetadata } from '../../../engine/interchange/odm/exportOdm';
import { Importers } from './importService';

export interface OdmWriters {
  metadata: typeof exportOdmMetadata;
  dataStart: typeof odmDataStart;
  /** One subject's SubjectData, in parts written one after the other (never the subject's whole text at once). */
  subject: typeof odmSubjectParts;
  dataEnd: typeof odmDataEnd;
}

export interface InterchangeTools {
  importers: Importers;
  odm: OdmWriters;
}

export function defaultTools(): InterchangeTools {
  return {
    importers: new Importers(),
    odm: {
      metadata: exportOdmMetadata,
      dataStart: odmDataStart,
      subject: odmSubjectParts,
      dataEnd: odmDataEnd,
    },
  };
}
