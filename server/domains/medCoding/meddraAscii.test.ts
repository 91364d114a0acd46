/**
 * MedDRA's ASCII files → the import layout: current LLTs only, on the primary SOC path; the result passes the
 * import's checks; a PT without a primary path is named.
 */
import { describe, expect, it } from 'vitest';
import { parseDictionaryRows } from './dictionaryFile';
import { meddraAsciiRows, MeddraAsciiProblem } from './meddraAscii';

const MDHIER = [
  '10019211$10019233$10019231$10029205$Headache$Headaches NEC$Headaches$Nervous system disorders$Nerv$$10029205$Y$',
  // a secondary path of the same PT: ignored
  '10019211$10019233$10019231$10037175$Headache$Headaches NEC$Headaches$Psychiatric disorders$Psych$$10029205$N$',
].join('\n');
const LLT = [
  '10019211$Headache$10019211$$$$$$$Y$$',
  '10019198$Head pain$10019211$$$$$$$Y$$',
  '10019200$Headache aggravated (old)$10019211$$$$$$$N$$',
].join('\r\n');

describe('meddraAsciiRows', () => {
  it('joins current LLTs with their primary path, in the import layout', () => {
    const rows = meddraAsciiRows(LLT, MDHIER);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toEqual([
      '10019198',
      'Head pain',
      '10019211',
      'Headache',
      '10019233',
      'Headaches NEC',
      '10019231',
      'Headaches',
      '10029205',
      'Nervous system disorders',
    ]);
    const entries = parseDictionaryRows('meddra', rows);
    expect(entries.map((e) => e.name)).toEqual(['Headache', 'Head pain']);
  });

  it('names an LLT whose PT has no primary path, and a short line', () => {
    expect(() => meddraAsciiRows('10099999$Orphan$10099998$$$$$$$Y$$', MDHIER)).toThrow(
      new MeddraAsciiProblem('llt.asc line 1: PT 10099998 has no primary path in mdhier.asc'),
    );
    expect(() => meddraAsciiRows(LLT, '10019211$x$')).toThrow(/mdhier.asc line 1/);
  });
});
