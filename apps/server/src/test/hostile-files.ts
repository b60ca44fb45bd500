import { constants, crc32, deflateRawSync } from 'node:zlib';
import { strFromU8, unzipSync } from 'fflate';
import { studentRow, xlsxFile } from './people-import';

/** A run of one piece of content repeated: deflated once, however many times it repeats. */
export interface Repeated {
  bytes: Buffer;
  times?: number;
}

export interface ZipEntrySpec {
  name: string;
  parts: Repeated[];
  /** The size the archive claims the entry unpacks to, when it lies. */
  declaredSize?: number;
}

const local = (fields: [number, number, 'u16' | 'u32'][], length: number) => {
  const header = Buffer.alloc(length);
  for (const [offset, value, size] of fields) {
    if (size === 'u16') header.writeUInt16LE(value, offset);
    else header.writeUInt32LE(value, offset);
  }
  return header;
};

/**
 * A zip archive built here rather than by a library, so it can hold what a hostile one holds:
 * gigabytes of repeated bytes in a few kilobytes, and sizes that lie. Each piece is deflated once
 * and flushed to a byte boundary without ending the stream, so its copies can be laid one after
 * another and the whole still inflates as one stream.
 */
export function zipOf(entries: ZipEntrySpec[]): Buffer {
  const files: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    let crc = 0;
    let size = 0;
    const deflated: Buffer[] = [];
    for (const { bytes, times = 1 } of entry.parts) {
      // Level 9 is the quicker on repeated bytes, and the smaller.
      const piece = deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
      for (let copy = 0; copy < times; copy++) {
        deflated.push(piece);
        crc = crc32(bytes, crc);
      }
      size += bytes.length * times;
    }
    deflated.push(deflateRawSync(Buffer.alloc(0)));
    const data = Buffer.concat(deflated);
    const name = Buffer.from(entry.name);
    const declared = entry.declaredSize ?? size;
    files.push(
      local(
        [
          [0, 0x04034b50, 'u32'],
          [4, 20, 'u16'],
          [8, 8, 'u16'],
          [14, crc, 'u32'],
          [18, data.length, 'u32'],
          [22, declared, 'u32'],
          [26, name.length, 'u16'],
        ],
        30,
      ),
      name,
      data,
    );
    directory.push(
      local(
        [
          [0, 0x02014b50, 'u32'],
          [4, 20, 'u16'],
          [6, 20, 'u16'],
          [10, 8, 'u16'],
          [16, crc, 'u32'],
          [20, data.length, 'u32'],
          [24, declared, 'u32'],
          [28, name.length, 'u16'],
          [42, offset, 'u32'],
        ],
        46,
      ),
      name,
    );
    offset += 30 + name.length + data.length;
  }
  const central = Buffer.concat(directory);
  const end = local(
    [
      [0, 0x06054b50, 'u32'],
      [8, entries.length, 'u16'],
      [10, entries.length, 'u16'],
      [12, central.length, 'u32'],
      [16, offset, 'u32'],
    ],
    22,
  );
  return Buffer.concat([...files, central, end]);
}

/**
 * A valid student import workbook whose shared texts go on with `count` texts of `size`
 * characters that no cell uses: a small file that unpacks to count × size bytes.
 */
export async function sharedStringsBomb(
  count: number,
  size: number,
  options: { declaredSize?: number } = {},
) {
  const files = unzipSync(await xlsxFile('students', [studentRow('bomb')]));
  const entries = Object.entries(files).map(([name, bytes]): ZipEntrySpec => {
    if (name !== 'xl/sharedStrings.xml') return { name, parts: [{ bytes: Buffer.from(bytes) }] };
    const text = strFromU8(bytes);
    const close = text.lastIndexOf('</sst>');
    return {
      name,
      declaredSize: options.declaredSize,
      parts: [
        { bytes: Buffer.from(text.slice(0, close)) },
        { bytes: Buffer.from(`<si><t>${'a'.repeat(size)}</t></si>`), times: count },
        { bytes: Buffer.from(text.slice(close)) },
      ],
    };
  });
  return zipOf(entries);
}

/**
 * A QTI package whose item claims `declaredSize` bytes and unpacks to `inflatedBytes` (a whole
 * number of megabytes). One that lies is deflated as one stream: a reader that writes into a
 * buffer of the declared size and drops the rest goes on inflating it to the end.
 */
export function lyingQtiPackage(inflatedBytes: number, declaredSize: number) {
  const megabyte = 1024 * 1024;
  const parts =
    declaredSize < inflatedBytes
      ? [{ bytes: Buffer.alloc(inflatedBytes, ' ') }]
      : [{ bytes: Buffer.alloc(megabyte, ' '), times: inflatedBytes / megabyte }];
  return zipOf([
    { name: 'imsmanifest.xml', parts: [{ bytes: Buffer.from('<manifest/>') }] },
    { name: 'items/item.xml', declaredSize, parts },
  ]);
}

/** A Moodle XML file of one true/false question whose text is `text`, escaped for XML. */
export function moodleQuestionFile(text: string, format: 'html' | 'moodle_auto_format') {
  const escaped = text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<quiz><question type="truefalse"><name><text>Q</text></name>
<questiontext format="${format}"><text>${escaped}</text></questiontext>
<answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>
</question></quiz>`,
  );
}

/** A GIFT file of `bytes` bytes on one line: one true/false question with a very long text. */
export function oneLineGift(bytes: number) {
  const head = '::Long::';
  const tail = '{T}';
  return Buffer.from(`${head}${'word '.repeat((bytes - head.length - tail.length) / 5)}${tail}`);
}
