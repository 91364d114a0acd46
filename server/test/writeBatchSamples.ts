/**
 * Writes the demo's batch upload files (fixtures/casebook/subjects-batch.{valid,errors}.xlsx), headed as the
 * template heads its columns: `npx tsx server/test/writeBatchSamples.ts`. The valid file adds BJ01-0041…0045 at
 * BJ01; the file with errors has one problem of each kind (a taken number, a number off the pattern, a sex outside
 * M/F, an impossible date, an unknown version) besides valid rows.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { BATCH_COLUMNS } from '../../engine/api/subjectManagement';
import { columnHeader, workbookOf } from '../domains/subjectManagement/batchWorkbook';
import { BATCH_SAMPLES } from './captureSubjectManagementFixtures';

const header = BATCH_COLUMNS.map((c) => columnHeader(c, 'zh_CN'));
const valid = [
  ['BJ01-0041', 'WXM', 'F', '1978-03-14', '', ''],
  ['BJ01-0042', 'LJ', 'M', '1965-11-02', '', ''],
  ['BJ01-0043', 'ZHY', '女', '1990-07-30', 'PROT-2.0', 'CRF-1.1'],
  ['BJ01-0044', 'CQ', 'M', '', '', ''],
  ['BJ01-0045', 'HLL', 'F', '1983-01-09', '', ''],
];
const errors = [
  ['BJ01-0046', 'SYT', 'F', '1972-05-21', '', ''],
  ['BJ01-0001', 'DUP', 'M', '1980-01-01', '', ''],
  ['BJ01-47', 'PAT', 'F', '', '', ''],
  ['BJ01-0048', 'SEX', 'X', '', '', ''],
  ['BJ01-0049', 'DAT', 'M', '1985-13-01', '', ''],
  ['BJ01-0050', 'VER', 'F', '', 'PROT-9.9', ''],
];
await mkdir(new URL('.', BATCH_SAMPLES.valid), { recursive: true });
await writeFile(BATCH_SAMPLES.valid, await workbookOf(header, valid));
await writeFile(BATCH_SAMPLES.errors, await workbookOf(header, errors));
console.log('wrote', BATCH_SAMPLES.valid.pathname, BATCH_SAMPLES.errors.pathname);
