import { crc32, deflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A 1-bit greyscale PNG of the given size whose pixel rows are `rows` (already filtered and deflated). */
function greyPng(width: number, height: number, idat: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real, complete PNG of width × height black pixels; 1 bit per pixel keeps it a few dozen kB. */
export function hugePng(width: number, height: number): Buffer {
  const rowBytes = 1 + Math.ceil(width / 8);
  return greyPng(width, height, deflateSync(Buffer.alloc(rowBytes * height), { level: 9 }));
}

/** A decompression bomb: a header declaring 100 000 × 100 000 pixels over a few bytes of data. */
export function pixelBombPng(): Buffer {
  return greyPng(100_000, 100_000, deflateSync(Buffer.alloc(64)));
}

/** Bytes that are no image at all (a script), to send under an image's name and type. */
export const notAnImage = Buffer.from('#!/bin/sh\necho "not a picture"\n'.repeat(20));

/** A PNG whose header is sound (width × height, 1 bit grey) but whose pixel data is no deflate stream. */
export function corruptPng(width: number, height: number): Buffer {
  return greyPng(width, height, Buffer.from('these bytes are not pixel data '.repeat(8)));
}
