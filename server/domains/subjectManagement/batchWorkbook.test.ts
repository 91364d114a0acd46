/** The workbook side of batch upload: headers recognised, cells read as texts, the zip's unpacked size guarded. */
import type ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { BATCH_COLUMNS } from '../../../engine/api/subjectManagement';
import {
  MAX_UNPACKED_BYTES,
  cellText,
  columnHeader,
  columnOfHeader,
  readBatchSheet,
  workbookOf,
  zipUnpackedSize,
} from './batchWorkbook';

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
    expect(await readBatchSheet(bytes, 10)).toMatchObject({
      kind: 'rows',
      rows: [{ row: 2, cells: { subjid: 'BJ01-0001' } }],
    });
  });
});
