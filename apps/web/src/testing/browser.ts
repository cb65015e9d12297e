import { expect, vi } from 'vitest';

// What the browser does around the page that happy-dom and jsdom do not, for the web tests
// (docs/conventions.md#test-kits): a tab hidden and shown again, a download followed.

/** The tab is now `state` ('hidden': another tab in front), as the browser tells the page. */
export function setPageVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  document.dispatchEvent(new Event('visibilitychange'));
}

/**
 * The links the page hands to the browser to download (jsdom does not download): every <a>
 * clicked from now on, each checked to carry `download`. The spy ends with
 * `vi.restoreAllMocks()`.
 */
export function followedDownloads(): string[] {
  const hrefs: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    hrefs.push(this.getAttribute('href') ?? '');
    expect(this.hasAttribute('download')).toBe(true);
  });
  return hrefs;
}
