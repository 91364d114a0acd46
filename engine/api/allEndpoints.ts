/** Every endpoint of every contract module, by name (the contract tests check a fixture and a server route for each). */
import { endpoints } from './contract';
import { formEndpoints } from './formContract';
import { listEndpoints } from './listContract';

export const allEndpoints = { ...endpoints, ...listEndpoints, ...formEndpoints } as const;
