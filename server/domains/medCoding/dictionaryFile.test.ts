/** A dictionary file is measured as a zip before exceljs reads it: a forged entry size refuses it unread. */
import { describe, expect, it } from 'vitest';
import { workbookOf } from '../subjectManagement/batchWorkbook';
import { readWorkbookRows } from './dictionaryFile';

describe('readWorkbookRows', () => {
  it('reads a workbook; refuses one whose zip directory lies about its sizes', async () => {
    const bytes = await workbookOf(['llt_code', 'llt_name'], [['10016256', 'Fatigue']]);
    expect(await readWorkbookRows(bytes)).toEqual(
      expect.arrayContaining([expect.arrayContaining(['10016256', 'Fatigue'])]),
    );
    const forged = Buffer.from(bytes);
    const central = forged.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    forged.writeUInt32LE(forged.readUInt32LE(central + 24) + 1, central + 24);
    await expect(readWorkbookRows(forged)).rejects.toMatchObject({ messageId: 'codingImportUnreadable' });
  });
});
