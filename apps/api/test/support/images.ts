import sharp from 'sharp';

/** A PNG of one colour (`'#b8860b'`, or `{ r, g, b }`), `width` by `height` pixels. */
export async function solidPng(
  background: string | { r: number; g: number; b: number },
  width = 8,
  height = 8,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** A small PNG of one colour, `shade` its red: images that differ, for an offer's slides. */
export const shadedPng = (shade: number): Promise<Buffer> => solidPng({ r: shade, g: 90, b: 40 });
