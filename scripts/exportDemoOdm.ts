/**
 * Writes the demo study as CDISC ODM 1.3.2 metadata (fixtures/interchange/odm/demo-study.xml) with the engine's
 * exporter, so that the seed can import it (issue 17). Run after changing a demo form, visit or code list:
 *
 *   npx tsx scripts/exportDemoOdm.ts
 *
 * The file is deterministic (fixed file OID and creation time); engine/interchange/odm/demoStudy.test.ts fails when
 * it is out of date.
 */
import { writeFileSync } from 'node:fs';
import { demoOdmXml, DEMO_ODM_FILE } from '../fixtures/interchange/demoStudyDefinition';

writeFileSync(DEMO_ODM_FILE, demoOdmXml());
console.log(`wrote ${DEMO_ODM_FILE.pathname}`);
