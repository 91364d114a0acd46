import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCsv } from './readCsv';

describe('readCsv (RFC 4180, as REDCap writes it)', () => {
  it('reads quoted fields with commas, line breaks and doubled quotes; a BOM and CRLF', () => {
    const text = '\uFEFFa,b,c\r\n1,"x, y","line 1\r\nline 2"\r\n2,"say ""hi""",\r\n';
    expect(readCsv(text)).toEqual({
      records: [
        { line: 1, fields: ['a', 'b', 'c'] },
        { line: 2, fields: ['1', 'x, y', 'line 1\nline 2'] },
        { line: 4, fields: ['2', 'say "hi"', ''] },
      ],
      unterminatedQuoteAt: null,
    });
  });

  it('skips blank lines, reads a last line without its line end, LF and CR endings', () => {
    expect(readCsv('a\n\nb\rc').records).toEqual([
      { line: 1, fields: ['a'] },
      { line: 3, fields: ['b'] },
      { line: 4, fields: ['c'] },
    ]);
  });

  it('reports a quoted field that is never closed, keeping what it read', () => {
    const r = readCsv('a,b\n1,"open\nmore');
    expect(r.unterminatedQuoteAt).toBe(2);
    expect(r.records[1]).toEqual({ line: 2, fields: ['1', 'open\nmore'] });
  });

  it('round-trips any table written with RFC 4180 quoting', () => {
    const cellArb = fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r\n', ' ', '中') });
    fc.assert(
      fc.property(
        fc.array(fc.array(cellArb, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          const text = rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\r\n');
          const normalised = rows.map((r) => r.map((c) => c.replace(/\r\n/g, '\n')));
          expect(readCsv(text).records.map((r) => r.fields)).toEqual(normalised);
        },
      ),
    );
  });
});
