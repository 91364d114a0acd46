/**
 * `npx tsx scripts/meddraToXlsx.ts <MedDRA ascii folder> <out.xlsx>`: turns a licensed MedDRA ASCII distribution
 * (llt.asc, mdhier.asc) into the workbook importDictionary.do takes (docs/medical-coding.md): one row per current LLT
 * on its primary SOC path. Runs locally: the licensed files never leave the licensee's machine except as that import.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { meddraAsciiRows } from '../server/domains/medCoding/meddraAscii';

async function main(): Promise<void> {
  const [dir, out] = process.argv.slice(2);
  if (!dir || !out) {
    console.error('usage: npx tsx scripts/meddraToXlsx.ts <MedDRA ascii folder> <out.xlsx>');
    process.exit(2);
  }
  const read = (name: string) => readFile(path.join(dir, name), 'utf8');
  const rows = meddraAsciiRows(await read('llt.asc'), await read('mdhier.asc'));
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('MedDRA');
  for (const row of rows) sheet.addRow(row);
  await workbook.xlsx.writeFile(out);
  console.log(`wrote ${out}: ${rows.length - 1} current LLTs`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
