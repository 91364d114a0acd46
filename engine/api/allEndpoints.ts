/**
 * Every endpoint of every domain module, by name: the contract tests check a fixture and a server route for each,
 * and docs/endpoints.md is written from it (scripts/write-endpoint-docs.ts).
 */
import { dataEndpoints } from './data';
import { editCheckEndpoints } from './editChecks';
import { listEndpoints } from './lists';
import { queryEndpoints } from './queries';
import { sessionEndpoints } from './session';
import { statisticsEndpoints } from './statistics';
import { subjectEndpoints } from './subjects';
import { visitEndpoints } from './visits';

export const allEndpoints = {
  ...sessionEndpoints,
  ...listEndpoints,
  ...subjectEndpoints,
  ...visitEndpoints,
  ...dataEndpoints,
  ...editCheckEndpoints,
  ...queryEndpoints,
  ...statisticsEndpoints,
} as const;

export type Endpoints = typeof allEndpoints;
export type EndpointName = keyof Endpoints;
