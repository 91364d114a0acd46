/**
 * Every endpoint of every domain module, by name: the contract tests check a fixture and a server route for each,
 * and docs/endpoints.md is written from it (scripts/write-endpoint-docs.ts).
 */
import { casebookBatchEndpoints } from './casebookBatch';
import { dataEndpoints } from './data';
import { editCheckEndpoints } from './editChecks';
import { invalidRecordEndpoints } from './invalidRecords';
import { freezeEndpoints } from './freeze';
import { interchangeEndpoints } from './interchange';
import { listEndpoints } from './lists';
import { medCodingEndpoints } from './medCoding';
import { noteEndpoints } from './notes';
import { sdvEndpoints } from './sdv';
import { signatureEndpoints } from './signatures';
import { queryEndpoints } from './queries';
import { queryImportEndpoints } from './queryImport';
import { sessionEndpoints } from './session';
import { statisticsEndpoints } from './statistics';
import { subjectManagementEndpoints } from './subjectManagement';
import { subjectEndpoints } from './subjects';
import { visitEndpoints } from './visits';

export const allEndpoints = {
  ...sessionEndpoints,
  ...listEndpoints,
  ...subjectEndpoints,
  ...subjectManagementEndpoints,
  ...visitEndpoints,
  ...invalidRecordEndpoints,
  ...dataEndpoints,
  ...editCheckEndpoints,
  ...noteEndpoints,
  ...sdvEndpoints,
  ...signatureEndpoints,
  ...queryEndpoints,
  ...queryImportEndpoints,
  ...freezeEndpoints,
  ...statisticsEndpoints,
  ...medCodingEndpoints,
  ...interchangeEndpoints,
  ...casebookBatchEndpoints,
} as const;

export type Endpoints = typeof allEndpoints;
export type EndpointName = keyof Endpoints;
