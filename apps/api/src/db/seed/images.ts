import { createHash } from 'node:crypto';
import type { DemoImage } from './demo-data.ts';

const SHAPES: Record<DemoImage['shape'], (dark: string) => string> = {
  cask: (dark) =>
    `<ellipse cx="600" cy="300" rx="150" ry="210" fill="${dark}"/>` +
    `<rect x="450" y="190" width="300" height="22" fill="#3b2a1a" opacity="0.7"/>` +
    `<rect x="450" y="388" width="300" height="22" fill="#3b2a1a" opacity="0.7"/>`,
  bottle: (dark) =>
    `<rect x="560" y="90" width="80" height="110" rx="12" fill="${dark}"/>` +
    `<rect x="500" y="190" width="200" height="340" rx="40" fill="${dark}"/>` +
    `<rect x="530" y="300" width="140" height="120" fill="#fbf3e2" opacity="0.85"/>`,
  glass: (dark) =>
    `<path d="M480 160 L720 160 L690 470 Q600 500 510 470 Z" fill="${dark}" opacity="0.85"/>` +
    `<path d="M500 330 L700 330 L690 470 Q600 500 510 470 Z" fill="#c98a2b"/>`,
};

async function render(palette: DemoImage['palette'], shape: DemoImage['shape']): Promise<Buffer> {
  const [light, dark] = palette;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400" viewBox="0 0 1200 600">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/>` +
    `</linearGradient></defs><rect width="1200" height="600" fill="url(#g)"/>` +
    SHAPES[shape]('#5b3a1e') +
    `</svg>`;
  // JPEG: a tenth of WebP's encoding time on a shared 2-core machine, for a plain gradient. sharp
  // is imported only when the demo data is seeded, not at every start (docs/decisions/454).
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * The pictures of the demo offers: a warm gradient with a cask, bottle or glass, drawn from an
 * SVG and encoded like an upload, so the screens show images without the repository shipping
 * any. Each palette and shape is drawn once; every offer still gets its own `files` row.
 */
export async function renderDemoImages(images: readonly DemoImage[]) {
  const drawn = new Map<string, Promise<Buffer>>();
  return Promise.all(
    images.map(async (image) => {
      const key = `${image.palette.join()}:${image.shape}`;
      if (!drawn.has(key)) drawn.set(key, render(image.palette, image.shape));
      const bytes = await drawn.get(key)!;
      return {
        id: image.id,
        bytes,
        contentType: 'image/jpeg',
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      };
    }),
  );
}
