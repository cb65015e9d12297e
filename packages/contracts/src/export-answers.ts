import { z } from 'zod';
import { okEnvelope } from './common.ts';

/**
 * Issue 29's export answers and the button's texts: what the web app's 'Export CSV' button needs
 * (decision 263). A list's export is named by its definition (`name` in lists.ts) and takes its
 * filters from it (`exportFilters`, decision 374).
 */

/** The button's texts (issue 29), in ./lists-plain.ts (the lists draw without zod). */
export { EXPORT_CSV, EXPORT_FAILED, EXPORTING } from './lists-plain.ts';
export const EXPORT_LINK_INVALID = 'This download link is invalid, used or expired';
/** Answered (503) while as many exports run as the API streams at once (decision 279). */
export const EXPORTS_BUSY = 'Too many exports are running. Please try again in a minute.';
/**
 * Answered (429) while the admin's own previous export is still downloading: one at a time per
 * admin, so no admin holds every export slot (issue 40, docs/decisions/303).
 */
export const EXPORT_ALREADY_RUNNING =
  'Your previous export is still downloading. Please wait for it to finish, then try again.';

export const exportStarted = z.object({
  id: z.uuid(),
  /** Where the browser downloads the file, under the API's base: `/exports/download?token=...`. */
  url: z.string(),
  expiresAt: z.string(),
});
export const createExportResponse = okEnvelope(z.object({ export: exportStarted }));
export type CreateExportResponse = z.infer<typeof createExportResponse>;

export const EXPORT_STATES = ['waiting', 'running', 'done', 'failed', 'expired'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];
export const exportStatusResponse = okEnvelope(
  z.object({ state: z.enum(EXPORT_STATES), rows: z.number().int().nullable() }),
);
export type ExportStatusResponse = z.infer<typeof exportStatusResponse>;
