/**
 * MedDRA's ASCII distribution ($-delimited, one record a line) turned into the import layout of dictionaryFile.ts:
 * `llt.asc` (llt_code, llt_name, pt_code, …, llt_currency in field 10) joined with `mdhier.asc` (pt_code, hlt_code,
 * hlgt_code, soc_code, pt_name, hlt_name, hlgt_name, soc_name, soc_abbrev, null, pt_soc_code, primary_soc_fg) on the
 * PT's primary SOC path; current LLTs only. Used by scripts/meddraToXlsx.ts (a licensee converts its files locally,
 * then imports the workbook); the rows are checked again by the import.
 */
import { DICTIONARY_COLUMNS } from './dictionaryFile';

/** A problem of the ASCII files, naming the file and line. */
export class MeddraAsciiProblem extends Error {}

const records = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line, i) => ({ line: i + 1, fields: line.split('$') }))
    .filter((r) => r.fields.some((f) => f.trim() !== ''));

/** The rows of the import layout (the header first) for the current LLTs, each on its PT's primary path. */
export function meddraAsciiRows(lltAsc: string, mdhierAsc: string): string[][] {
  const primary = new Map<string, string[]>();
  for (const { line, fields } of records(mdhierAsc)) {
    if (fields.length < 12) throw new MeddraAsciiProblem(`mdhier.asc line ${line}: expected 12 fields`);
    const [pt, hlt, hlgt, soc, ptName, hltName, hlgtName, socName] = fields as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (fields[11] !== 'Y') continue;
    primary.set(pt, [pt, ptName, hlt, hltName, hlgt, hlgtName, soc, socName]);
  }
  const rows: string[][] = [[...DICTIONARY_COLUMNS.meddra]];
  for (const { line, fields } of records(lltAsc)) {
    if (fields.length < 10) throw new MeddraAsciiProblem(`llt.asc line ${line}: expected at least 10 fields`);
    const [llt, lltName, pt] = fields as [string, string, string];
    if (fields[9] !== 'Y') continue; // not current
    const path = primary.get(pt);
    if (!path)
      throw new MeddraAsciiProblem(`llt.asc line ${line}: PT ${pt} has no primary path in mdhier.asc`);
    rows.push([llt, lltName, ...path]);
  }
  return rows;
}
