/** Writes docs/endpoints.md from the contract (see scripts/endpointDocs.ts). */
import { writeFileSync } from 'node:fs';
import * as prettier from 'prettier';
import { DOC_PATH, renderEndpointDocs } from './endpointDocs';

const options = { ...(await prettier.resolveConfig(DOC_PATH)), filepath: DOC_PATH };
writeFileSync(DOC_PATH, await prettier.format(renderEndpointDocs(), options));
console.log(`wrote ${DOC_PATH}`);
