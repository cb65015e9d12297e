import { z } from 'zod';
import { text } from './common.ts';

// The answers and texts are in export-answers.ts, which the web app imports (decision 263).
export * from './export-answers.ts';

/**
 * Issue 29: every list can be exported whole as CSV, with its current search and filters. An
 * export is asked for with the admin's token (`POST /exports/<list>` with the list's filters in
 * the query string, as the list takes them: `exportFilters` of its definition in lists.ts,
 * declared by the list's own routes, decision 374), which answers a link the browser downloads
 * itself, valid once and for a minute (decision 211).
 */
export const downloadQuery = z.object({ token: text().min(1).max(200) });
