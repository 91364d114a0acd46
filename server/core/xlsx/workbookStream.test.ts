/**
 * WorkbookStream and ZipStream (the xlsx export's writer): the zip is well formed (every entry's local header, data,
 * CRC-32 and sizes agree with the central directory; the upload guard accepts it), its sheets are byte for byte what
 * exceljs's streaming writer wrote for the same rows, exceljs reads back the same cells and types, and the writer
 * waits for its sink (back-pressure) and fails when the sink fails.
 */
import { Writable } from 'node:stream';
import { crc32, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { WorkbookStream, columnLetters, type WorkbookCell } from './workbookStream';
import { zipUnpackedSize } from './zipGuard';
import { ZipStream, ZipTooLarge } from './zipStream';

interface Unzipped {
  name: string;
  data: Buffer;
}

/** Reads a zip strictly: central directory, local headers, data descriptors, CRC-32 and sizes must all agree. */
function unzip(bytes: Buffer): Unzipped[] {
  const eocd = bytes.length - 22;
  expect(bytes.readUInt32LE(eocd)).toBe(0x06054b50);
  const count = bytes.readUInt16LE(eocd + 10);
  const cdSize = bytes.readUInt32LE(eocd + 12);
  let at = bytes.readUInt32LE(eocd + 16);
  expect(at + cdSize).toBe(eocd);
  const out: Unzipped[] = [];
  let expectedLocal = 0;
  for (let n = 0; n < count; n++) {
    expect(bytes.readUInt32LE(at)).toBe(0x02014b50);
    const flags = bytes.readUInt16LE(at + 8);
    const crc = bytes.readUInt32LE(at + 16);
    const compressed = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    // entries follow each other with nothing between them
    expect(local).toBe(expectedLocal);
    expect(bytes.readUInt32LE(local)).toBe(0x04034b50);
    expect(bytes.readUInt16LE(local + 6)).toBe(flags);
    expect(bytes.readUInt16LE(local + 8)).toBe(8);
    expect(bytes.subarray(local + 30, local + 30 + nameLength).toString('utf8')).toBe(name);
    const dataAt = local + 30 + nameLength + bytes.readUInt16LE(local + 28);
    let next = dataAt + compressed;
    if (flags & 0x0008) {
      expect(bytes.readUInt32LE(next)).toBe(0x08074b50);
      expect([
        bytes.readUInt32LE(next + 4),
        bytes.readUInt32LE(next + 8),
        bytes.readUInt32LE(next + 12),
      ]).toEqual([crc, compressed, size]);
      next += 16;
    } else {
      expect([
        bytes.readUInt32LE(local + 14),
        bytes.readUInt32LE(local + 18),
        bytes.readUInt32LE(local + 22),
      ]).toEqual([crc, compressed, size]);
    }
    expectedLocal = next;
    const data = inflateRawSync(bytes.subarray(dataAt, dataAt + compressed));
    expect(data.length).toBe(size);
    expect(crc32(data)).toBe(crc);
    out.push({ name, data });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  expect(expectedLocal).toBe(bytes.readUInt32LE(eocd + 16));
  return out;
}

const SHEETS: { name: string; rows: WorkbookCell[][] }[] = [
  {
    name: 'Dictionary',
    rows: [
      ['tid', 'form', 'variable', 'label'],
      ['DM', 'Demographics & <more>', 'SEX', 'Sex "at birth" \'self\''],
      ['DM', '人口学资料', 'BRTHDTC', '出生日期 😀'],
    ],
  },
  {
    name: 'DM',
    rows: [
      ['sitecode', 'subjid', 'visitnum', 'cycnum', 'svnum', 'tid', 'lineno', 'SEX', 'SEX_label', 'AGE'],
      ['BJ01', 'BJ01-0001', 'V1', 1, 1, 'DM', 1, 'F', 'Female', '42'],
      ['BJ01', 'BJ01-0002', 'V1', 2, 1, 'DM', 3, '', '', '=1+1'],
      [
        'BJ01',
        'BJ01-0003',
        'V1',
        1,
        1,
        'DM',
        1,
        ' lead and trail ',
        'tab\there\nnew line',
        'ctl\u0001\u007fdel',
      ],
      ['BJ01', 'BJ01-0004', 'V1', 1, 1, 'DM', 1, '0012', '2026-03-01', '1e5'],
    ],
  },
  // wider than 26 columns: AA…
  {
    name: 'WIDE',
    rows: [Array.from({ length: 30 }, (_, i) => `c${i}`), Array.from({ length: 30 }, (_, i) => i * 1.5)],
  },
];

async function withExcelJs(): Promise<Buffer> {
  const parts: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      parts.push(chunk);
      callback();
    },
  });
  const finished = new Promise((resolve) => stream.on('finish', resolve));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: false,
    useSharedStrings: false,
  });
  for (const s of SHEETS) {
    const sheet = workbook.addWorksheet(s.name);
    for (const row of s.rows) sheet.addRow(row).commit();
    sheet.commit();
  }
  await workbook.commit();
  await finished;
  return Buffer.concat(parts);
}

async function withStream(): Promise<Buffer> {
  const parts: Buffer[] = [];
  const workbook = new WorkbookStream(
    async (bytes) => {
      parts.push(Buffer.from(bytes));
    },
    { sheetNames: SHEETS.map((s) => s.name), created: new Date('2026-11-27T00:00:00Z') },
  );
  for (const s of SHEETS) {
    const sheet = await workbook.sheet();
    for (const row of s.rows) await sheet.addRow(row);
    await sheet.end();
  }
  await workbook.finish();
  return Buffer.concat(parts);
}

describe('WorkbookStream', () => {
  it('writes a well-formed zip whose sheets are byte for byte what exceljs wrote, with the same package parts', async () => {
    const ours = unzip(await withStream());
    const theirs = unzip(await withExcelJs());
    const byName = (files: Unzipped[]) => new Map(files.map((f) => [f.name.replace(/^\//, ''), f.data]));
    const a = byName(ours);
    const b = byName(theirs);
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    for (const [name, data] of a) {
      if (name === 'docProps/core.xml') continue; // creator and dates differ
      expect(data.toString('utf8'), name).toBe(b.get(name)!.toString('utf8'));
    }
  });

  it('reads back with exceljs: the same cells, values and types as the file exceljs wrote', async () => {
    const read = async (bytes: Buffer) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(bytes as unknown as ExcelJS.Buffer);
      return wb.worksheets.map((ws) => ({
        name: ws.name,
        rows: ws.getSheetValues().map((row) => (Array.isArray(row) ? row.slice(1) : []) as unknown[]),
        types: ws.getRows(1, ws.rowCount)!.map((r) => r.model?.cells?.map((c) => c.type)),
      }));
    };
    const ours = await read(await withStream());
    expect(ours).toEqual(await read(await withExcelJs()));
    const dm = ours.find((s) => s.name === 'DM')!;
    expect(dm.rows[2]).toEqual(['BJ01', 'BJ01-0001', 'V1', 1, 1, 'DM', 1, 'F', 'Female', '42']);
    expect(dm.rows[3]![9]).toBe('=1+1'); // text, not a formula
    expect(ours[0]!.rows[2]![3]).toBe('Sex "at birth" \'self\'');
  });

  it('is accepted by the upload guard (real sizes equal to the declared ones)', async () => {
    const bytes = await withStream();
    expect(zipUnpackedSize(bytes)).toBe(unzip(bytes).reduce((n, f) => n + f.data.length, 0));
  });

  it('names columns past Z', () => {
    expect([1, 26, 27, 52, 53, 702, 703].map(columnLetters)).toEqual([
      'A',
      'Z',
      'AA',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it('waits for its sink: while the sink does not take bytes, rows stop being written (back-pressure)', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let taken = 0;
    let blocked = false;
    const workbook = new WorkbookStream(
      async (bytes) => {
        // the package parts go through; the first sheet's data waits at the gate
        if (taken > 8_000) {
          blocked = true;
          await gate;
        }
        taken += bytes.length;
      },
      { sheetNames: ['S'], created: new Date() },
    );
    const sheet = await workbook.sheet();
    let written = 0;
    const row = Array.from({ length: 20 }, (_, i) => `value ${i} ${Math.random()}`);
    const writing = (async () => {
      for (let i = 0; i < 20_000; i++) {
        await sheet.addRow(row);
        written++;
      }
      await sheet.end();
      await workbook.finish();
    })();
    for (let i = 0; i < 50; i++) await new Promise((resolve) => setTimeout(resolve, 2));
    expect(blocked).toBe(true);
    const stalled = written;
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 2));
    // stopped: at most the text batch and zlib's buffers were taken in (~600 bytes a row)
    expect(written).toBe(stalled);
    expect(stalled).toBeLessThan(1_000);
    release();
    await writing;
    expect(written).toBe(20_000);
  });

  it('fails the writer when the sink fails (no hang, the error is the sink’s)', async () => {
    let calls = 0;
    const workbook = new WorkbookStream(
      async () => {
        if (++calls > 30) throw new Error('database gone');
      },
      { sheetNames: ['S'], created: new Date() },
    );
    const sheet = await workbook.sheet();
    const row = Array.from({ length: 20 }, () => `x ${Math.random()}`);
    await expect(
      (async () => {
        for (let i = 0; i < 50_000; i++) await sheet.addRow(row);
        await sheet.end();
      })(),
    ).rejects.toThrow('database gone');
  });
});

describe('ZipStream', () => {
  it('stores small and streamed entries that read back exactly', async () => {
    const parts: Buffer[] = [];
    const zip = new ZipStream(async (b) => void parts.push(Buffer.from(b)), new Date('2026-11-27T00:00:00Z'));
    await zip.file('a.txt', 'hello');
    const entry = await zip.entry('dir/big.bin');
    const big = Buffer.alloc(300_000);
    for (let i = 0; i < big.length; i++) big[i] = (i * 7919) % 251;
    await entry.write('text first ');
    await entry.write(big);
    await entry.end();
    await zip.file('empty.txt', '');
    await zip.finish();
    const files = unzip(Buffer.concat(parts));
    expect(files.map((f) => f.name)).toEqual(['a.txt', 'dir/big.bin', 'empty.txt']);
    expect(files[0]!.data.toString()).toBe('hello');
    expect(files[1]!.data.equals(Buffer.concat([Buffer.from('text first '), big]))).toBe(true);
    expect(files[2]!.data.length).toBe(0);
    expect(zip.bytes).toBe(Buffer.concat(parts).length);
  });

  it('refuses a second entry while one is open', async () => {
    const zip = new ZipStream(async () => undefined, new Date());
    await zip.entry('a');
    await expect(zip.file('b', 'x')).rejects.toThrow(/still being written/);
  });

  it('refuses 65,535 entries (0xFFFF means zip64) before it writes any of the directory', async () => {
    let written = 0;
    const zip = new ZipStream(async (b) => void (written += b.length), new Date(), 0);
    for (let i = 0; i < 0xffff; i++) await zip.file(`f${i}`, '');
    const before = written;
    await expect(zip.finish()).rejects.toBeInstanceOf(ZipTooLarge);
    expect(written).toBe(before);
  }, 60_000);

  it('releases the entry being written when the writing stops on an error', async () => {
    const zip = new ZipStream(async () => undefined, new Date());
    const entry = await zip.entry('sheet.xml');
    await entry.write(Buffer.alloc(1_000));
    entry.abort(new Error('database gone'));
    await expect(entry.write(Buffer.alloc(10))).rejects.toThrow('database gone');
  });
});
