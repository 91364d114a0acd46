/**
 * The guard run before exceljs unpacks an uploaded xlsx (every spreadsheet upload: subjects' batch file, query
 * import, coding dictionaries): the zip's real unpacked size, checked entry by entry with a hard cap.
 */
import { inflateRawSync } from 'node:zlib';

/** The most an xlsx (a zip) may unpack to before it is read: a 30M file of repeated bytes can unpack to gigabytes. */
export const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;

/**
 * What a zip really unpacks to, or null when it cannot be read, is zip64 (a batch file never needs it), uses a
 * compression other than stored or deflate, or unpacks beyond `limit`. Each entry of the central directory is
 * inflated here with a hard output cap (zlib's maxOutputLength), so sizes the archive declares are checked, not
 * trusted: an entry that claims a few bytes but inflates to gigabytes stops at the cap, and an entry whose real
 * size differs from its declared one is refused (the unzipper exceljs uses would trust the declaration). Run before
 * exceljs unpacks anything.
 */
export function zipUnpackedSize(bytes: Buffer, limit: number = MAX_UNPACKED_BYTES): number | null {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  const LOCAL = 0x04034b50;
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = bytes.readUInt16LE(eocd + 10);
  let at = bytes.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) return null;
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const declared = bytes.readUInt32LE(at + 24);
    const local = bytes.readUInt32LE(at + 42);
    if (declared === 0xffffffff || compressed === 0xffffffff || local === 0xffffffff) return null;
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL) return null;
    const dataAt = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (dataAt + compressed > bytes.length) return null;
    const data = bytes.subarray(dataAt, dataAt + compressed);
    const room = limit - total;
    if (declared > room) return null;
    let actual: number;
    if (method === 0) actual = compressed;
    else if (method === 8) {
      try {
        // one byte more than the room left: reaching it means the entry would pass the limit
        actual = inflateRawSync(data, { maxOutputLength: room + 1 }).length;
      } catch {
        return null;
      }
    } else return null;
    if (actual !== declared || actual > room) return null;
    total += actual;
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return total;
}
