import { useEffect, useMemo } from 'react';
import { IMAGE_CONTENT_TYPES, IMAGE_MAX_BYTES } from '@cask/contracts/files-plain';

/**
 * The wording for a wrong image (docs/screens/common.md#limits), used for every image chooser (the
 * avatar, the offers' banner and sliding images); null when the file is fine. The server checks
 * again.
 */
export function imageFileProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'Please select a valid image file';
  if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type)) {
    return 'Only PNG, JPEG, WebP or GIF images are allowed';
  }
  if (file.size > IMAGE_MAX_BYTES) return 'Image size should be less than 5MB';
  return null;
}

/** A preview URL for a chosen file, released when the file changes or the screen closes. */
export function usePreviewUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => {
    if (!url) return;
    return () => URL.revokeObjectURL(url);
  }, [url]);
  return url;
}
