/**
 * Every endpoint of every domain module, by name: the contract tests check a fixture and a server route for each,
 * and docs/endpoints.md is written from it (scripts/write-endpoint-docs.ts).
 */
import { dataEndpoints } from './data';
import { editCheckEndpoints } from './editChecks';
import { freezeEndpoints } from './freeze';
import { listEndpoints } from './lists';
import { noteEndpoints } from './notes';
import { sdvEndpoints } from './sdv';
import { queryEndpoints } from './queries';
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
  ...dataEndpoints,
  ...editCheckEndpoints,
  ...noteEndpoints,
  ...sdvEndpoints,
  ...queryEndpoints,
  ...freezeEndpoints,
  ...statisticsEndpoints,
} as const;

export type Endpoints = typeof allEndpoints;
export type EndpointName = keyof Endpoints;
