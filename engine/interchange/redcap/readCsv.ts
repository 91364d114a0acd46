/**
 * A CSV reader (RFC 4180, as REDCap writes its data dictionary): comma-separated fields, fields in double quotes may
 * hold commas, line breaks and doubled quotes (`""`); CRLF, LF or CR line ends; a leading byte-order mark is skipped.
 * Pure and total: it never throws, whatever the text; an unterminated quoted field runs to the end and is reported.
 * (csv-parse would do the same job but brings Node's stream and buffer modules into the engine's browser bundle.)
 */

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  fields: string[];
}

export interface CsvReadResult {
  records: CsvRecord[];
  /** The 1-based line of a quoted field that is never closed, or null. */
  unterminatedQuoteAt: number | null;
}

export function readCsv(input: string): CsvReadResult {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 0;
  let atFieldStart = true;
  let i = 0;
  const endRecord = () => {
    fields.push(field);
    // A record of one empty field is a blank line: skipped.
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    atFieldStart = true;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      if (c === '\r' || c === '\n') {
        field += '\n';
        i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
        line++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"' && atFieldStart) {
      quoted = true;
      quoteLine = line;
      atFieldStart = false;
      i++;
      continue;
    }
    if (c === ',') {
      fields.push(field);
      field = '';
      atFieldStart = true;
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    // A quote inside an unquoted field is kept as written (lenient, as spreadsheet programs read it).
    field += c;
    atFieldStart = false;
    i++;
  }
  if (field !== '' || fields.length > 0 || quoted) endRecord();
  return { records, unterminatedQuoteAt: quoted ? quoteLine : null };
}
