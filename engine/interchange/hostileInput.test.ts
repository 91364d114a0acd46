/**
 * Hostile files against the importers (review of stop 22): format detection stays linear on a prolog of many
 * comments, character references never decode into what no database can store, HTML in labels is scanned in
 * linear time, entity names are not looked up on Object's prototype, and a CSV export defuses every formula.
 */
import { describe, expect, it } from 'vitest';
import { csvLine } from './flatExport';
import { importerFor } from './formats';
import { decodeEntities } from './odm/xmlText';
import { looksLikeOdm } from './odm/importOdm';
import { htmlToText, looksLikeHtml } from './redcap/html';
import { hasUnstorableText } from './xmlChar';

describe('hostile input', () => {
  it('detects ODM behind thousands of comments and processing instructions, and refuses the rest, in linear time', () => {
    const started = performance.now();
    expect(looksLikeOdm(`${'<!---->'.repeat(5_000)}<ODM/>`)).toBe(true);
    expect(looksLikeOdm(`${'<!---->'.repeat(50_000)}x`)).toBe(false);
    expect(looksLikeOdm(`${'<??>'.repeat(50_000)}x`)).toBe(false);
    expect(importerFor(`${'<!---->'.repeat(50_000)}x`)).toBeNull();
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(looksLikeOdm('<!DOCTYPE ODM [ <!ENTITY a "b"> ]>\n<ODM>')).toBe(true);
    expect(looksLikeOdm('<!-- never closed <ODM>')).toBe(false);
  });

  it('leaves character references to NUL, controls and lone surrogates as written', () => {
    expect(decodeEntities('A&#0;B&#xD800;C&#x1;&#65;&#x1F600;')).toBe('A&#0;B&#xD800;C&#x1;A\u{1F600}');
    expect(hasUnstorableText(decodeEntities('&#0;&#xDC00;'))).toBe(false);
    expect(htmlToText('M&#xD800;ale &#0;')).toBe('M&#xD800;ale &#0;');
    expect(hasUnstorableText('a\u0000')).toBe(true);
    expect(hasUnstorableText('a\uD800b')).toBe(true);
    expect(hasUnstorableText('a\u{1F600}b')).toBe(false);
  });

  it("does not take entity names from Object's prototype", () => {
    expect(decodeEntities('&constructor;&toString;')).toBe('&constructor;&toString;');
    expect(htmlToText('a &constructor; b')).toBe('a &constructor; b');
  });

  it('scans long HTML-like labels in linear time', () => {
    const started = performance.now();
    const label = '<a'.repeat(40_000);
    expect(looksLikeHtml(label)).toBe(false);
    expect(htmlToText(label)).toBe(label);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('defuses formulas in CSV cells, also behind spaces or a minus, and leaves numbers alone', () => {
    expect(csvLine(["-2+3+cmd|' /C calc'!A0", ' =1+1', '\t=1', '@SUM(A1)', '-5', '1.5e3', -7, '+'])).toBe(
      "'-2+3+cmd|' /C calc'!A0,' =1+1,'\t=1,'@SUM(A1),-5,1.5e3,-7,'+\r\n",
    );
  });
});
