import { readFileSync } from 'node:fs';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../engine/api/allEndpoints';
import { DOC_PATH, SPEC_ENDPOINTS, renderEndpointDocs } from './endpointDocs';

describe('docs/endpoints.md', () => {
  it('is current (npm run docs:endpoints)', async () => {
    const options = { ...(await prettier.resolveConfig(DOC_PATH)), filepath: DOC_PATH };
    expect(readFileSync(DOC_PATH, 'utf8')).toBe(await prettier.format(renderEndpointDocs(), options));
  });

  it('every endpoint the spec names is built at its path or planned by an issue', () => {
    const built = new Set(Object.values(allEndpoints).map((def) => def.path));
    const unplanned = SPEC_ENDPOINTS.filter((e) => !built.has(e.path) && !e.planned).map((e) => e.path);
    expect(unplanned).toEqual([]);
    const plannedButBuilt = SPEC_ENDPOINTS.filter((e) => built.has(e.path) && e.planned).map((e) => e.path);
    expect(plannedButBuilt).toEqual([]);
  });

  it('every path is a spec-shaped path: /edc/<group>/<name>.do or a login-service path', () => {
    const odd = Object.values(allEndpoints)
      .map((def) => def.path)
      .filter(
        (p) =>
          !/^\/edc\/[A-Za-z]+\/[A-Za-z]+\.do$/.test(p) && !/^\/login\/([A-Za-z]+\/)*[A-Za-z]+\.do$/.test(p),
      );
    expect(odd).toEqual([]);
  });
});
