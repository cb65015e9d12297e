/** A real 1×1 PNG, for a screen that reads the image it is given (the avatar's crop). */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/**
 * A PNG file as a file chooser (or a drop) gives it: a real 1×1 image, or `bytes` zeros typed
 * image/png when a test needs a size (a file over a limit) and not a picture.
 */
export function pngFile({ name = 'image.png', bytes }: { name?: string; bytes?: number } = {}) {
  const content =
    bytes === undefined
      ? Uint8Array.from(atob(ONE_PIXEL_PNG), (char) => char.charCodeAt(0))
      : new Uint8Array(bytes);
  return new File([content], name, { type: 'image/png' });
}

/**
 * A CSV file named `name` as a file chooser gives it: `lines` joined by line breaks (a last `''`
 * ends the file with one).
 */
export function csvFile(name: string, lines: string[]) {
  return new File([lines.join('\n')], name, { type: 'text/csv' });
}
