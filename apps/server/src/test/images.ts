import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import type { App } from '../app';
import { multipartBody } from './people-import';
import { bearer } from './users';

/** A picture of `width` × `height` in one colour, in the format asked for. */
export function picture(
  format: 'png' | 'jpeg' | 'gif' | 'webp',
  { width = 40, height = 30, colour = '#3366cc' } = {},
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG as a phone writes it: Exif with a GPS position, XMP, and a comment segment. */
export async function phonePhoto(orientation = 1): Promise<Buffer> {
  const jpeg = await sharp({
    create: { width: 64, height: 48, channels: 3, background: '#884422' },
  })
    .jpeg()
    .withMetadata({ orientation })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2600/100' },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Dr Secret"/></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
  const comment = Buffer.from('Taken at the examiner’s home');
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), comment]);
  segment.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A small PNG whose header claims `width` × `height` pixels. */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Adds a PNG text chunk after the header, as an editor's "Software" or "Comment" field. */
export function withPngText(png: Buffer, text: string): Buffer {
  return Buffer.concat([
    png.subarray(0, 33),
    pngChunk('tEXt', Buffer.from(text)),
    png.subarray(33),
  ]);
}

/** Uploads a file as an admin's browser does, under the name given, its type declared as unknown. */
export async function uploadMedia(
  app: App,
  accessToken: string,
  file: { bytes: Buffer; name: string } | undefined,
  area: 'admin' | 'faculty' = 'admin',
) {
  const { payload, headers } = await multipartBody(file);
  return app.inject({
    method: 'POST',
    url: `/api/${area}/upload-media`,
    headers: { ...bearer(accessToken), ...headers },
    payload,
  });
}

/** A small GIF whose screen and only image claim `width` × `height` pixels. */
export function gifClaiming(width: number, height: number): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt16LE(width, 0);
  size.writeUInt16LE(height, 2);
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    size,
    Buffer.from([0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff]),
    Buffer.from([0x2c, 0, 0, 0, 0]),
    size,
    Buffer.from([0, 2, 2, 0x4c, 0x01, 0, 0x3b]),
  ]);
}
