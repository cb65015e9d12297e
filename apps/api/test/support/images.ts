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

/** A real photo-like PNG, larger than an avatar needs (2000 x 1500), with metadata a phone would add. */
export async function photoPng(): Promise<Buffer> {
  return sharp({
    create: { width: 2000, height: 1500, channels: 3, background: { r: 120, g: 80, b: 30 } },
  })
    .withMetadata({ exif: { IFD0: { Copyright: 'Secret Distillery', Artist: 'GPS leak' } } })
    .png()
    .toBuffer();
}

/** An animation of `frames` frames of `size` x `size`, each a colour of its own. */
export async function animatedImage(
  format: 'gif' | 'webp',
  frames: number,
  size: number,
): Promise<Buffer> {
  const frame = size * size * 3;
  const pixels = Buffer.alloc(frame * frames);
  for (let index = 0; index < frames; index += 1) {
    pixels.fill((index * 8) % 256, index * frame, (index + 1) * frame);
  }
  const input = sharp(pixels, {
    raw: { width: size, height: size * frames, channels: 3, pageHeight: size },
  });
  return (format === 'gif' ? input.gif({ effort: 1 }) : input.webp({ effort: 0 })).toBuffer();
}

/**
 * A form holding `bytes` as a browser sends a chosen file: under `name`, of `type`, in `field`
 * (the avatar upload's by default): `api.post('/api/auth/upload-avatar', imageForm(png, 'me.png'))`.
 */
export function imageForm(
  bytes: Buffer,
  name: string,
  type = 'image/png',
  field = 'avatar',
): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}
