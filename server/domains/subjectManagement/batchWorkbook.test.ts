/** The workbook side of batch upload: headers recognised, cells read as texts, the zip's unpacked size guarded. */
import { deflateRawSync } from 'node:zlib';
import type ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { BATCH_COLUMNS } from '../../../engine/api/subjectManagement';
import { cellText } from '../../core/xlsx/cellText';
import { MAX_UNPACKED_BYTES, zipUnpackedSize } from '../../core/xlsx/zipGuard';
import { columnHeader, columnOfHeader, readBatchSheet, workbookOf } from './batchWorkbook';

/** A one-entry zip whose directory declares `declared` unpacked bytes for `content`, deflated. */
function oneEntryZip(content: Buffer, declared: number): Buffer {
  const name = Buffer.from('xl/workbook.xml');
  const data = deflateRawSync(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const centralAt = local.length + name.length + data.length;
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(central.length + name.length, 12);
  eocd.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, name, data, central, name, eocd]);
}

describe('batch workbook', () => {
  it('recognises a column by its key, either label or the template header', () => {
    for (const c of BATCH_COLUMNS) {
      expect(columnOfHeader(c)).toBe(c);
      expect(columnOfHeader(columnHeader(c, 'zh_CN'))).toBe(c);
      expect(columnOfHeader(columnHeader(c, 'en').toUpperCase())).toBe(c);
    }
    expect(columnOfHeader('出生日期')).toBe('birthdate');
    expect(columnOfHeader('number')).toBeNull();
  });

  it('reads dates, formulas, rich text and numbers as texts', () => {
    expect(cellText(new Date(Date.UTC(1980, 0, 2)))).toBe('1980-01-02');
    expect(cellText({ formula: 'A1', result: 'BJ01-0001' } as ExcelJS.CellValue)).toBe('BJ01-0001');
    expect(cellText({ richText: [{ text: 'BJ01' }, { text: '-0002' }] } as ExcelJS.CellValue)).toBe(
      'BJ01-0002',
    );
    expect(cellText(12)).toBe('12');
    expect(cellText('  ')).toBeNull();
  });

  it('refuses a zip that unpacks beyond the limit before reading it', async () => {
    const bytes = await workbookOf(['subjid'], [['BJ01-0001']]);
    const size = zipUnpackedSize(bytes);
    expect(size).toBeGreaterThan(bytes.length);
    // the first central directory entry made to claim more than the limit
    const forged = Buffer.from(bytes);
    const central = forged.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    forged.writeUInt32LE(MAX_UNPACKED_BYTES + 1, central + 24);
    expect(await readBatchSheet(forged, 10)).toEqual({ kind: 'unreadable' });
    expect(await readBatchSheet(Buffer.from('not a zip at all'), 10)).toEqual({ kind: 'unreadable' });
    // a declared size that differs from the real one by a byte is refused
    const off = Buffer.from(bytes);
    off.writeUInt32LE(off.readUInt32LE(central + 24) + 1, central + 24);
    expect(zipUnpackedSize(off)).toBeNull();
    expect(await readBatchSheet(bytes, 10)).toMatchObject({
      kind: 'rows',
      rows: [{ row: 2, cells: { subjid: 'BJ01-0001' } }],
    });
  });

  it('inflates with a cap instead of trusting what a bomb declares', () => {
    const zeros = Buffer.alloc(4 * 1024 * 1024);
    // honest: 4 MiB declared and real, within a 5 MiB limit, beyond a 1 MiB one
    expect(zipUnpackedSize(oneEntryZip(zeros, zeros.length), 5 * 1024 * 1024)).toBe(zeros.length);
    expect(zipUnpackedSize(oneEntryZip(zeros, zeros.length), 1024 * 1024)).toBeNull();
    // a bomb: declares 100 bytes, inflates to 4 MiB; refused under a 1 MiB limit without inflating it all
    expect(zipUnpackedSize(oneEntryZip(zeros, 100), 1024 * 1024)).toBeNull();
    // and refused under a generous limit too, its declaration being false
    expect(zipUnpackedSize(oneEntryZip(zeros, 100), 64 * 1024 * 1024)).toBeNull();
  });
});
