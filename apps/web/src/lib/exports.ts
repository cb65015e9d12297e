import { useQuery } from '@tanstack/react-query';
import type { ExportState } from '@cask/contracts/export-answers';
import { api, apiUrl, parsed } from './api-client.ts';

/** A list's filters as the screen sends them to the list: unset ones undefined or ''. */
export type ExportParams = Record<string, string | undefined>;

/**
 * `POST /exports/<list>` with the list's filters (issue 29): answers the export's id and the
 * single-use link the browser downloads itself (decision 211). `list` is the name of the list's
 * definition (contracts' `defineList`), the name its export route is declared by.
 */
export async function startExport(list: string, params: ExportParams) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const search = query.toString();
  const started = (
    await parsed(
      api.post<unknown>(`/exports/${list}${search ? `?${search}` : ''}`),
      async () => (await import('@cask/contracts/export-answers')).createExportResponse,
    )
  ).data.export;
  return { id: started.id, href: apiUrl(started.url) };
}

/** Hands the link to the browser, whose own download starts at once (nothing buffered here). */
export function downloadLink(href: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

const FINISHED: readonly ExportState[] = ['done', 'failed', 'expired'];
/** How often the button asks whether its file has been sent whole. */
export const EXPORT_POLL_MS = 1000;

/** `GET /exports/:id` until the export is finished: 'Exporting...' lasts until then. */
export function useExportState(id: string | null) {
  return useQuery({
    queryKey: ['exports', id],
    queryFn: async () =>
      (
        await parsed(
          api.get<unknown>(`/exports/${id}`),
          async () => (await import('@cask/contracts/export-answers')).exportStatusResponse,
        )
      ).data,
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data && FINISHED.includes(query.state.data.state) ? false : EXPORT_POLL_MS,
    gcTime: 0,
  });
}
