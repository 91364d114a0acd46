/**
 * The ODM round trip (issue 17): `importOdm(exportOdmMetadata(d))` gives `d` back for every generated study
 * definition (fast-check over fixtures/interchange/studyArbitraries.ts), and generated exports validate against the
 * official ODM 1.3.2 schema.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { studyDefinitionArb } from '../../../fixtures/interchange/studyArbitraries';
import { validateOdm } from '../../../fixtures/interchange/validateOdm';
import { exportOdmMetadata } from './exportOdm';
import { importOdm } from './importOdm';

const FILE = { fileOid: 'F.TEST', creationDateTime: '2026-03-15T08:30:00+08:00', sourceSystem: 'EDC web' };

describe('ODM metadata round trip', () => {
  it('import(export(d)) equals d for generated studies, with no error or warning', () => {
    fc.assert(
      fc.property(studyDefinitionArb, (definition) => {
        const result = importOdm(exportOdmMetadata(definition, FILE));
        expect(result.issues.filter((i) => i.severity !== 'info')).toEqual([]);
        expect(result.definition).toEqual(definition);
      }),
      { numRuns: Number(process.env.ODM_RUNS ?? 100) },
    );
  }, 300_000);

  it('generated exports validate against the ODM 1.3.2 schema', async () => {
    for (const definition of fc.sample(studyDefinitionArb, { numRuns: 4, seed: 17 })) {
      expect(await validateOdm(exportOdmMetadata(definition, FILE))).toEqual([]);
    }
  }, 60_000);
});
