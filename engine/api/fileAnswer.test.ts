import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentDisposition, filenameOf, isJsonType, readFileAnswer, safeFilename } from './fileAnswer';

/** Characters a hostile name is made of: controls, bidi overrides, separators, dots, spaces, letters. */
const HOSTILE_CHAR = fc.constantFrom(
  ...['\u0000', '\n', '\u001f', '\u007f', '\u0085', '\u202e', '\u2066', '/', '\\', '.', ' ', '\u3000'],
  ...['a', 'Z', '研', '"', ';', '%', "'", '😀'],
);

describe('safeFilename', () => {
  it('keeps an ordinary export name as it is', () => {
    expect(safeFilename('DEMO-001-BJ01-20260302T0131-DM.csv')).toBe('DEMO-001-BJ01-20260302T0131-DM.csv');
    expect(safeFilename('研究-中心.xml')).toBe('研究-中心.xml');
  });

  it('replaces control and bidi-override characters and path separators; no leading dot; never empty', () => {
    expect(safeFilename('a\u0000b\nc\u007f.csv')).toBe('a_b_c_.csv');
    expect(safeFilename('report\u202Egpj.exe')).toBe('report_gpj.exe');
    expect(safeFilename('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeFilename('C:\\Users\\x.csv')).toBe('C:_Users_x.csv');
    expect(safeFilename('.hidden')).toBe('hidden');
    expect(safeFilename('')).toBe('download');
    expect([...safeFilename('x'.repeat(500))].length).toBe(200);
  });

  it('never answers a name with a separator, a control character or a leading dot (any input)', () => {
    fc.assert(
      fc.property(fc.string({ unit: HOSTILE_CHAR, maxLength: 40 }), (name) => {
        const safe = safeFilename(name);
        // eslint-disable-next-line no-control-regex
        expect(safe).not.toMatch(/[/\\\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|^\./);
        expect(safe.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('Content-Disposition (RFC 6266)', () => {
  it('gives an ASCII filename and the exact UTF-8 name as filename*', () => {
    expect(contentDisposition('DEMO-001-BJ01-DM.csv')).toBe(
      `attachment; filename="DEMO-001-BJ01-DM.csv"; filename*=UTF-8''DEMO-001-BJ01-DM.csv`,
    );
    expect(contentDisposition('研究 "1";(a).xml')).toBe(
      `attachment; filename="__ _1__(a).xml"; filename*=UTF-8''%E7%A0%94%E7%A9%B6%20%221%22%3B%28a%29.xml`,
    );
  });

  it('reads back the name it wrote, made safe, for any name (filename* first)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (name) => {
        expect(filenameOf(contentDisposition(name))).toBe(safeFilename(name));
      }),
    );
  });

  it('reads a plain quoted or bare filename, and a header without one as null', () => {
    expect(filenameOf('attachment; filename="a \\"b\\".csv"')).toBe('a "b".csv');
    expect(filenameOf('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(filenameOf('attachment')).toBeNull();
    expect(filenameOf(undefined)).toBeNull();
    // a broken escape falls back to the ASCII name
    expect(filenameOf(`attachment; filename="x.csv"; filename*=UTF-8''%E7%ZZ`)).toBe('x.csv');
  });
});

describe('readFileAnswer', () => {
  it('reads name, type and length from the headers, and distrusts the name', () => {
    expect(
      readFileAnswer({
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="x"; filename*=UTF-8''..%2F..%2Fevil%0A.csv`,
        'content-length': '1234',
      }),
    ).toEqual({ filename: '_.._evil_.csv', mimetype: 'text/csv', bytes: 1234 });
    expect(readFileAnswer({})).toEqual({
      filename: 'download',
      mimetype: 'application/octet-stream',
      bytes: null,
    });
  });

  it('tells a refusal (JSON) from a file', () => {
    expect(isJsonType('application/json; charset=utf-8')).toBe(true);
    expect(isJsonType('application/problem+json')).toBe(true);
    expect(isJsonType('text/csv')).toBe(false);
    expect(isJsonType('application/xml')).toBe(false);
    expect(isJsonType(undefined)).toBe(false);
  });
});
