import { useEffect, useMemo } from 'react';

/** A preview URL for a chosen file, released when the file changes or the screen closes. */
export function usePreviewUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => {
    if (!url) return;
    return () => URL.revokeObjectURL(url);
  }, [url]);
  return url;
}
