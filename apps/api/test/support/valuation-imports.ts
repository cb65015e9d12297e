import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { expect } from 'vitest';
import type { ValuationImportPreview } from '@cask/contracts/valuation-imports';
import type { TestContext } from './app.ts';
import { postCsvImport } from './requests.ts';
import type { TestAdmin } from './sign-in.ts';

// 'Import valuations' (issue 44, decisions 404 to 407): a CSV previewed, then that preview applied.

export const VALUATION_PREVIEW_URL = '/api/casks/valuation-imports/preview';
export const VALUATION_APPLY_URL = '/api/casks/valuation-imports';
export const VALUATION_HEADER = 'cask_id,date,value,source,note';

/** A valuation file: the header, then `lines`. */
export const valuationCsv = (...lines: string[]) => [VALUATION_HEADER, ...lines].join('\n');

/** Previews `file` (with `fields`) as `admin`; expects 200 and answers the preview. */
export async function previewValuations(
  ctx: Pick<TestContext, 'app'>,
  admin: TestAdmin,
  file: string | Uint8Array,
  fields: Record<string, string> = {},
  fileName?: string,
): Promise<ValuationImportPreview> {
  const res = await postCsvImport(ctx, admin, VALUATION_PREVIEW_URL, file, fields, fileName);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ValuationImportPreview }>().data;
}

/**
 * Previews `file` as `previewer` (`who` unless said), then applies that preview as `who`, with
 * `reason` when given. The answer to the apply, whatever it is.
 */
export async function previewAndApplyValuations(
  ctx: Pick<TestContext, 'app'>,
  who: TestAdmin,
  file: string,
  {
    fields = {},
    reason,
    previewer = who,
    fileName,
  }: {
    fields?: Record<string, string>;
    reason?: string;
    previewer?: TestAdmin;
    fileName?: string;
  } = {},
): Promise<InjectResponse> {
  const { previewToken } = await previewValuations(ctx, previewer, file, fields, fileName);
  const applied = { ...fields, previewToken, ...(reason === undefined ? {} : { reason }) };
  return postCsvImport(ctx, who, VALUATION_APPLY_URL, file, applied, fileName);
}
