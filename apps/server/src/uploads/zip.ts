import { inflateRawSync } from 'node:zlib';

/** A file of a zip archive as its central directory declares it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else cannot be read. */
  method: number;
  compressedSize: number;
  /** The size the archive says the file unpacks to: a claim, checked while it is unpacked. */
  size: number;
  localHeaderOffset: number;
}

/** An archive that is no zip, is damaged, encrypted, or holds a file that is not what it says. */
export class DamagedZip extends Error {
  override name = 'DamagedZip';
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** A 4 GB or larger size, or an entry count past 65,535: zip64, which no upload of ours needs. */
const ZIP64_MARK = 0xffffffff;

function endOfDirectory(view: DataView): number {
  // The record is 22 bytes and may be followed by a comment of up to 65,535 bytes.
  const last = view.byteLength - 22;
  for (let offset = last; offset >= 0 && offset >= last - 65_535; offset--) {
    if (view.getUint32(offset, true) === END_OF_DIRECTORY) return offset;
  }
  throw new DamagedZip('No end of central directory');
}

/**
 * The files a zip archive lists, read from its central directory without unpacking anything, so
 * the sizes they declare can be checked against a limit first.
 */
export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = endOfDirectory(view);
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== DIRECTORY_ENTRY) {
      throw new DamagedZip('A central directory entry is missing');
    }
    const flags = view.getUint16(offset + 8, true);
    const compressedSize = view.getUint32(offset + 20, true);
    const size = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const localHeaderOffset = view.getUint32(offset + 42, true);
    if ((flags & 1) === 1) throw new DamagedZip('An entry is encrypted');
    if ([compressedSize, size, localHeaderOffset].includes(ZIP64_MARK)) {
      throw new DamagedZip('A zip64 entry');
    }
    const nameEnd = offset + 46 + nameLength;
    if (nameEnd > bytes.length) throw new DamagedZip('An entry name is cut off');
    entries.push({
      name: Buffer.from(bytes.subarray(offset + 46, nameEnd)).toString('utf8'),
      method: view.getUint16(offset + 10, true),
      compressedSize,
      size,
      localHeaderOffset,
    });
    offset = nameEnd + extraLength + commentLength;
  }
  return entries;
}

/**
 * A file of the archive, unpacked with the size its entry declares as a hard limit: inflating
 * stops at the first byte past it, so an entry that claims a kilobyte and holds a gigabyte costs
 * a kilobyte. An entry that unpacks to more or less than it declares is damaged.
 */
export function unpackEntry(bytes: Uint8Array, entry: ZipEntry): Buffer {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = entry.localHeaderOffset;
  if (header + 30 > bytes.length || view.getUint32(header, true) !== LOCAL_HEADER) {
    throw new DamagedZip(`${entry.name}: no local header`);
  }
  const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw new DamagedZip(`${entry.name}: cut off`);
  const data = bytes.subarray(start, end);
  let unpacked: Buffer;
  if (entry.method === 0) {
    unpacked = Buffer.from(data);
  } else if (entry.method === 8) {
    try {
      // One byte over the declared size is enough to know the entry lies.
      unpacked = inflateRawSync(data, { maxOutputLength: entry.size + 1 });
    } catch {
      throw new DamagedZip(`${entry.name}: does not unpack to its declared size`);
    }
  } else {
    throw new DamagedZip(`${entry.name}: compression method ${entry.method}`);
  }
  if (unpacked.length !== entry.size) {
    throw new DamagedZip(`${entry.name}: does not unpack to its declared size`);
  }
  return unpacked;
}

/** The declared sizes of the entries, added up: what unpacking them all would hold. */
export const declaredSize = (entries: readonly ZipEntry[]) =>
  entries.reduce((total, entry) => total + entry.size, 0);
