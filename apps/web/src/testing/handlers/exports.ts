import { http } from 'msw';
import type { CreateExportResponse, ExportStatusResponse } from '@cask/contracts/exports';
import { testUuid } from '../factories.ts';
import { apiError, json, queryOf } from '../respond.ts';
import { db } from '../store.ts';

/** CSV exports (modules/exports): asked for, then polled until done. */
export const exportsHandlers = [
  http.post('/api/exports/:list', ({ request, params }) => {
    const state = db();
    if (state.exportRefusal) {
      return apiError(state.exportRefusal.status, state.exportRefusal.message);
    }
    const id = testUuid();
    state.exports.push({ id, list: params.list as string, query: queryOf(request) });
    return json(201, {
      success: true,
      data: {
        export: {
          id,
          url: `/exports/download?token=t-${id}`,
          expiresAt: new Date(Date.now() + 60_000).toISOString(),
        },
      },
    } satisfies CreateExportResponse);
  }),
  http.get('/api/exports/:id', ({ params }) => {
    const state = db();
    if (!state.exports.some((e) => e.id === params.id)) return undefined;
    const exportState =
      state.exportStates.length > 1 ? state.exportStates.shift()! : state.exportStates[0]!;
    return json(200, {
      success: true,
      data: { state: exportState, rows: exportState === 'done' ? 3 : null },
    } satisfies ExportStatusResponse);
  }),
];
