import { deflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';

// Real images for the uploads the specs make: the server reads the type from the bytes and
// re-encodes every image, so each is a genuine PNG (docs/conventions.md#test-kits).

/** A 1×1 PNG: any real image will do where the picture itself is not looked at. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** `TINY_PNG` as a file named `name`, for `setInputFiles`. */
export const pngFile = (name: string) => ({ name, mimeType: 'image/png', buffer: TINY_PNG });

/** CRC-32 as PNG chunks need it (kept here: Node 20.19 may lack zlib.crc32). */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 96×96 RGB PNG (a gold gradient), encoded here so the upload is a genuine image. */
export function goldPng(): Buffer {
  const size = 96;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, truecolour, no interlace
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB
    for (let x = 0; x < size; x++) row.set([192, 146 - (y >> 2), 46 + (x >> 2)], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Drops a PNG onto the drop zone as a browser does: a drop event carrying the file. */
export async function dropImage(page: Page, zone: Locator) {
  const dataTransfer = await page.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'cask.png', { type: 'image/png' }));
    return transfer;
  }, TINY_PNG.toString('base64'));
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}
