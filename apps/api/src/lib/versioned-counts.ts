/**
 * Exact counts of a search, kept while the version of the searched data stays the same
 * (docs/decisions/041 and 152): a trigger bumps the version in the same transaction as any change
 * that could change a count, so a count tagged with the current version is still exact.
 * One cache per owner (a database), so two apps in one process (tests) never share counts; the
 * least recently used keys go first beyond `size`.
 */
export interface VersionedCount {
  total: number;
  /** The version the count was made at (read in the same statement, or before it). */
  version: number;
}

export function createVersionedCounts(size = 500) {
  const caches = new WeakMap<object, Map<string, VersionedCount>>();

  function cacheFor(owner: object): Map<string, VersionedCount> {
    let cache = caches.get(owner);
    if (!cache) {
      cache = new Map();
      caches.set(owner, cache);
    }
    return cache;
  }

  /** The count of `key` at `currentVersion`: from the cache, or from `count()` (then kept). */
  return async function exactCount(
    owner: object,
    key: string,
    currentVersion: number,
    count: () => Promise<VersionedCount>,
  ): Promise<number> {
    const cache = cacheFor(owner);
    const cached = cache.get(key);
    cache.delete(key);
    if (cached && cached.version === currentVersion) {
      cache.set(key, cached); // most recently used goes last
      return cached.total;
    }
    const counted = await count();
    cache.set(key, counted);
    if (cache.size > size) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    return counted.total;
  };
}
