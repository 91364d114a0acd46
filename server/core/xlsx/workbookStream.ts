/**
 * An xlsx workbook of plain sheets written row by row straight into a streamed zip (zipStream.ts), for exports too
 * large to hold (docs/export-memory.md, "Stop 25"). It writes what exceljs's streaming writer wrote for the export
 * (`useStyles: false, useSharedStrings: false`), byte for byte in each sheet: strings as `t="str"` values, numbers
 * as numbers, the same package parts (styles, theme, workbook, document properties) — without exceljs's row objects
 * and its zip's unbounded output queue. Cells are strings or numbers (the flat export's cells); the sheets' names
 * are known up front, the sheets are written one after the other.
 */
import { createRequire } from 'node:module';
import { ZipStream, type ZipEntryWriter, type ZipSink } from './zipStream';

const require = createRequire(import.meta.url);
/** The Office theme exceljs ships (the styles refer to its colours). */
const THEME_XML = require('exceljs/lib/xlsx/xml/theme1.js') as string;

export type WorkbookCell = string | number;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// characters exceljs escapes or drops (xmlEncode): markup, quotes, DEL and C0 controls other than tab, LF, CR
// eslint-disable-next-line no-control-regex
const XML_SPECIAL = /[<>&'"\x7F\x00-\x08\x0B\x0C\x0E-\x1F]/g;
// eslint-disable-next-line no-control-regex
const XML_SPECIAL_TEST = /[<>&'"\x7F\x00-\x08\x0B\x0C\x0E-\x1F]/;
const ESCAPES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  "'": '&apos;',
  '"': '&quot;',
};

/** Text as XML character data, as exceljs writes it (controls XML cannot carry are dropped). */
export function xmlText(text: string): string {
  return XML_SPECIAL_TEST.test(text) ? text.replace(XML_SPECIAL, (c) => ESCAPES[c] ?? '') : text;
}

/** A column's letters (1 → A, 27 → AA). */
export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

const SHEET_OPEN =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"' +
  ' xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"' +
  ' xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x14ac"' +
  ' xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac">' +
  '<sheetFormatPr defaultRowHeight="15" outlineLevelRow="0" outlineLevelCol="0" x14ac:dyDescent="55"/>' +
  '<sheetData>';
const SHEET_CLOSE =
  '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>' +
  '<pageSetup orientation="portrait" horizontalDpi="4294967295" verticalDpi="4294967295" scale="100"' +
  ' fitToWidth="1" fitToHeight="1"/></worksheet>';

/** One row's XML (row number `r`), as exceljs writes it; an empty row is written as nothing. */
export function rowXml(r: number, cells: readonly WorkbookCell[], letters: readonly string[]): string {
  if (cells.length === 0) return '';
  let xml = `<row r="${r}" spans="1:${cells.length}" x14ac:dyDescent="0.25">`;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    const ref = (letters[i] ?? columnLetters(i + 1)) + r;
    xml +=
      typeof cell === 'number'
        ? `<c r="${ref}"><v>${cell}</v></c>`
        : `<c r="${ref}" t="str"><v>${xmlText(cell)}</v></c>`;
  }
  return `${xml}</row>`;
}

/** A sheet being written: rows in order, then `end`. */
export interface SheetWriter {
  addRow(cells: readonly WorkbookCell[]): Promise<void>;
  end(): Promise<void>;
}

/** The fixed and per-workbook package parts (what exceljs's WorkbookWriter adds at commit). */
function packageParts(names: readonly string[], created: Date, creator: string): [string, string][] {
  const stamp = created.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const sheets = names.map((_, i) => i + 1);
  return [
    [
      '[Content_Types].xml',
      XML_HEAD +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        sheets
          .map(
            (n) =>
              `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
          )
          .join('') +
        '<Override PartName="/xl/theme/theme1.xml" ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Default Extension="vml" ContentType="application/vnd.openxmlformats-officedocument.vmlDrawing"/>' +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      XML_HEAD +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
        '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/>' +
        '</Relationships>',
    ],
    [
      'docProps/app.xml',
      XML_HEAD +
        '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">' +
        '<Application>Microsoft Excel</Application><DocSecurity>0</DocSecurity><ScaleCrop>false</ScaleCrop>' +
        `<HeadingPairs><vt:vector size="2" baseType="variant"><vt:variant><vt:lpstr>Worksheets</vt:lpstr></vt:variant><vt:variant><vt:i4>${names.length}</vt:i4></vt:variant></vt:vector></HeadingPairs>` +
        `<TitlesOfParts><vt:vector size="${names.length}" baseType="lpstr">${names.map((n) => `<vt:lpstr>${xmlText(n)}</vt:lpstr>`).join('')}</vt:vector></TitlesOfParts>` +
        '<Company></Company><LinksUpToDate>false</LinksUpToDate><SharedDoc>false</SharedDoc><HyperlinksChanged>false</HyperlinksChanged><AppVersion>16.0300</AppVersion></Properties>',
    ],
    [
      'docProps/core.xml',
      XML_HEAD +
        '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
        `<dc:creator>${xmlText(creator)}</dc:creator><cp:lastModifiedBy>${xmlText(creator)}</cp:lastModifiedBy>` +
        `<dcterms:created xsi:type="dcterms:W3CDTF">${stamp}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${stamp}</dcterms:modified></cp:coreProperties>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      XML_HEAD +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/theme" Target="theme/theme1.xml"/>' +
        sheets
          .map(
            (n) =>
              `<Relationship Id="rId${n + 2}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${n}.xml"/>`,
          )
          .join('') +
        '</Relationships>',
    ],
    [
      'xl/workbook.xml',
      XML_HEAD +
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x15" xmlns:x15="http://schemas.microsoft.com/office/spreadsheetml/2010/11/main">' +
        '<fileVersion appName="xl" lastEdited="5" lowestEdited="5" rupBuild="9303"/><workbookPr defaultThemeVersion="164011" filterPrivacy="1"/>' +
        `<sheets>${names.map((n, i) => `<sheet sheetId="${i + 1}" name="${xmlText(n)}" state="visible" r:id="rId${i + 3}"/>`).join('')}</sheets>` +
        '<calcPr calcId="171027"/></workbook>',
    ],
    [
      'xl/styles.xml',
      XML_HEAD +
        '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x14ac x16r2" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac" xmlns:x16r2="http://schemas.microsoft.com/office/spreadsheetml/2015/02/main">' +
        '<fonts x14ac:knownFonts="1" count="1"><font><color theme="1"/><family val="2"/><scheme val="minor"/><sz val="11"/><name val="Calibri"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles><dxfs count="0"/>' +
        '<tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/>' +
        '<extLst><ext uri="{EB79DEF2-80B8-43e5-95BD-54CBDDF9020C}" xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"><x14:slicerStyles defaultSlicerStyle="SlicerStyleLight1"/></ext>' +
        '<ext uri="{9260A510-F301-46a8-8635-F512D64BE5F5}" xmlns:x15="http://schemas.microsoft.com/office/spreadsheetml/2010/11/main"><x15:timelineStyles defaultTimelineStyle="TimeSlicerStyleLight1"/></ext></extLst></styleSheet>',
    ],
    ['xl/theme/theme1.xml', THEME_XML],
  ];
}

export interface WorkbookStreamOptions {
  /** The sheets' names, in order (each ≤ 31 characters, unique: the caller's job). */
  sheetNames: readonly string[];
  created: Date;
  creator?: string;
}

/**
 * Writes the package parts, then hands out the sheets in order (`sheet()`), then `finish()` writes the zip's
 * directory. Each sheet's XML goes through the zip's deflater as it is written, with back-pressure to `sink`.
 */
export class WorkbookStream {
  private readonly zip: ZipStream;
  private next = 0;
  private started = false;
  private current: ZipEntryWriter | null = null;

  constructor(
    sink: ZipSink,
    private readonly options: WorkbookStreamOptions,
  ) {
    this.zip = new ZipStream(sink, options.created);
  }

  get bytes(): number {
    return this.zip.bytes;
  }

  private async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const { sheetNames, created, creator = 'EDC web' } = this.options;
    for (const [path, xml] of packageParts(sheetNames, created, creator)) await this.zip.file(path, xml);
  }

  /** The next sheet (in the order of `sheetNames`). */
  async sheet(): Promise<SheetWriter> {
    await this.start();
    if (this.next >= this.options.sheetNames.length) throw new Error('workbook: more sheets than names');
    const entry: ZipEntryWriter = await this.zip.entry(`xl/worksheets/sheet${++this.next}.xml`);
    this.current = entry;
    await entry.write(SHEET_OPEN);
    let r = 0;
    const letters: string[] = [];
    return {
      async addRow(cells) {
        while (letters.length < cells.length) letters.push(columnLetters(letters.length + 1));
        await entry.write(rowXml(++r, cells, letters));
      },
      end: async () => {
        await entry.write(SHEET_CLOSE);
        await entry.end();
        this.current = null;
      },
    };
  }

  /** The export stopped on an error: the sheet being written releases its deflater (the file is not completed). */
  abort(reason: unknown): void {
    this.current?.abort(reason);
    this.current = null;
  }

  /** Every sheet not written yet is written empty, then the zip's directory: the file is complete. */
  async finish(): Promise<void> {
    await this.start();
    while (this.next < this.options.sheetNames.length) await (await this.sheet()).end();
    await this.zip.finish();
  }
}
