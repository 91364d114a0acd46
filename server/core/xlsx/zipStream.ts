/**
 * A zip written front to back into an async sink, for files too large to hold (the xlsx export,
 * docs/export-memory.md "Stop 25"): small entries are deflated whole (`file`), a large one is deflated as it is
 * written (`entry`: node:zlib deflateRaw, its CRC-32 and sizes in a data descriptor after the data). Every byte waits
 * for the sink before the next is made: the entry's writer waits for the deflater to drain, the deflater waits for
 * the sink (the job's chunk writer, which waits for the database), so nothing queues in memory but zlib's own
 * buffers (~16 KB each side) and the central directory (a few dozen bytes per entry).
 *
 * Limits: no zip64 (an entry or the archive past 4 GiB is refused with an error, not written wrong); names are
 * ASCII-safe paths (UTF-8 flag set anyway).
 */
import { once } from 'node:events';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

export type ZipSink = (bytes: Uint8Array) => Promise<void>;

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
const VERSION = 20; // 2.0: deflate
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const DEFLATE = 8;
const MAX32 = 0xffffffff;
/** Text gathered before it goes to the deflater (fewer, larger writes; ~64 KB of XML at most in memory). */
const TEXT_BATCH = 64 * 1024;

interface CentralEntry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** MS-DOS date and time (local fields; written in UTC, as the server's clock is read). */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/** Past what a zip without zip64 holds: 4 GiB less one byte per entry and archive (0xFFFFFFFF means "see zip64"), 65,534 entries. */
export class ZipTooLarge extends Error {
  constructor(what: string) {
    super(`zip: ${what} is past what a zip without zip64 holds`);
  }
}

/** One entry being deflated as it is written: `write` text or bytes, then `end`. */
export interface ZipEntryWriter {
  write(chunk: string | Uint8Array): Promise<void>;
  end(): Promise<void>;
  /** The writing stopped on an error: the deflater is released now (the zip is not completed). */
  abort(reason: unknown): void;
}

export class ZipStream {
  private offset = 0;
  private readonly entries: CentralEntry[] = [];
  private readonly time: number;
  private readonly date: number;
  private open = false;

  constructor(
    private readonly sink: ZipSink,
    modified: Date,
    private readonly level: number = constants.Z_DEFAULT_COMPRESSION,
  ) {
    ({ time: this.time, date: this.date } = dosDateTime(modified));
  }

  /** Bytes written so far. */
  get bytes(): number {
    return this.offset;
  }

  private async emit(bytes: Uint8Array): Promise<void> {
    if (bytes.length === 0) return;
    this.offset += bytes.length;
    if (this.offset >= MAX32) throw new ZipTooLarge('the archive');
    await this.sink(bytes);
  }

  private localHeader(name: Buffer, flags: number, crc: number, compressed: number, size: number): Buffer {
    const h = Buffer.alloc(30 + name.length);
    h.writeUInt32LE(LOCAL_HEADER, 0);
    h.writeUInt16LE(VERSION, 4);
    h.writeUInt16LE(flags, 6);
    h.writeUInt16LE(DEFLATE, 8);
    h.writeUInt16LE(this.time, 10);
    h.writeUInt16LE(this.date, 12);
    h.writeUInt32LE(crc, 14);
    h.writeUInt32LE(compressed, 18);
    h.writeUInt32LE(size, 22);
    h.writeUInt16LE(name.length, 26);
    h.writeUInt16LE(0, 28);
    name.copy(h, 30);
    return h;
  }

  private assertIdle(): void {
    if (this.open) throw new Error('zip: an entry is still being written');
  }

  /** A small entry, deflated whole. */
  async file(path: string, contents: string | Uint8Array): Promise<void> {
    this.assertIdle();
    const data = typeof contents === 'string' ? Buffer.from(contents, 'utf8') : contents;
    if (data.length >= MAX32) throw new ZipTooLarge(path);
    const name = Buffer.from(path, 'utf8');
    const compressed = deflateRawSync(data, { level: this.level });
    const crc = crc32(data);
    const entry = {
      name,
      flags: FLAG_UTF8,
      crc,
      compressed: compressed.length,
      size: data.length,
      offset: this.offset,
    };
    await this.emit(this.localHeader(name, entry.flags, crc, compressed.length, data.length));
    await this.emit(compressed);
    this.entries.push(entry);
  }

  /** A large entry, deflated as it is written (with back-pressure); one entry at a time. */
  async entry(path: string): Promise<ZipEntryWriter> {
    this.assertIdle();
    this.open = true;
    const name = Buffer.from(path, 'utf8');
    const entry: CentralEntry = {
      name,
      flags: FLAG_UTF8 | FLAG_DESCRIPTOR,
      crc: 0,
      compressed: 0,
      size: 0,
      offset: this.offset,
    };
    await this.emit(this.localHeader(name, entry.flags, 0, 0, 0));
    const deflater = createDeflateRaw({ level: this.level });
    const out = new Writable({
      write: (chunk: Buffer, _encoding, callback) => {
        entry.compressed += chunk.length;
        this.emit(chunk).then(() => callback(), callback);
      },
    });
    // the deflater's output goes to the sink one chunk at a time; a failing sink fails the writes below
    const piped = pipeline(deflater, out);
    let failure: unknown = null;
    piped.catch((err: unknown) => {
      failure = err;
    });
    let text = '';
    const push = async (bytes: Uint8Array): Promise<void> => {
      if (failure) throw failure;
      if (bytes.length === 0) return;
      entry.crc = crc32(bytes, entry.crc);
      entry.size += bytes.length;
      if (entry.size >= MAX32) throw new ZipTooLarge(path);
      if (!deflater.write(bytes)) await Promise.race([once(deflater, 'drain'), piped]);
      if (failure) throw failure;
    };
    const flushText = async (): Promise<void> => {
      if (text.length === 0) return;
      const bytes = Buffer.from(text, 'utf8');
      text = '';
      await push(bytes);
    };
    return {
      write: async (chunk) => {
        if (typeof chunk === 'string') {
          text += chunk;
          if (text.length >= TEXT_BATCH) await flushText();
          return;
        }
        await flushText();
        await push(chunk);
      },
      end: async () => {
        await flushText();
        deflater.end();
        await piped;
        const d = Buffer.alloc(16);
        d.writeUInt32LE(DATA_DESCRIPTOR, 0);
        d.writeUInt32LE(entry.crc, 4);
        d.writeUInt32LE(entry.compressed, 8);
        d.writeUInt32LE(entry.size, 12);
        await this.emit(d);
        this.entries.push(entry);
        this.open = false;
      },
      abort: (reason) => {
        failure ??= reason;
        deflater.destroy(reason instanceof Error ? reason : new Error(String(reason)));
      },
    };
  }

  /** The central directory and its end record: the zip is complete. */
  async finish(): Promise<void> {
    this.assertIdle();
    // 0xFFFF in the end record means "see zip64": checked before any of the directory is written
    if (this.entries.length >= 0xffff) throw new ZipTooLarge('the entry count');
    const start = this.offset;
    for (const e of this.entries) {
      const c = Buffer.alloc(46 + e.name.length);
      c.writeUInt32LE(CENTRAL_HEADER, 0);
      c.writeUInt16LE(VERSION, 4); // made by: MS-DOS attributes, 2.0
      c.writeUInt16LE(VERSION, 6);
      c.writeUInt16LE(e.flags, 8);
      c.writeUInt16LE(DEFLATE, 10);
      c.writeUInt16LE(this.time, 12);
      c.writeUInt16LE(this.date, 14);
      c.writeUInt32LE(e.crc, 16);
      c.writeUInt32LE(e.compressed, 20);
      c.writeUInt32LE(e.size, 24);
      c.writeUInt16LE(e.name.length, 28);
      // extra, comment, disk, internal and external attributes: 0
      c.writeUInt32LE(e.offset, 42);
      e.name.copy(c, 46);
      await this.emit(c);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.emit(end);
  }
}
