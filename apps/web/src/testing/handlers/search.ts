import { http } from 'msw';
import { SEARCH_KIND_LIMIT, type SearchResponse } from '@cask/contracts/search';
import { apiError, json, queryOf } from '../respond.ts';
import { db } from '../store.ts';

/** The command palette's search (modules/search): each kind's first matches of the term. */
export const searchHandlers = [
  http.get('/api/search', ({ request }) => {
    const state = db();
    const term = (queryOf(request).q ?? '').trim().toLowerCase();
    if (term === '') {
      return apiError(400, 'Search is required', {
        errors: [{ field: 'q', message: 'Search is required' }],
      });
    }
    const has = (...fields: (string | null | undefined)[]) =>
      fields.some((field) => (field ?? '').toLowerCase().includes(term));
    return json(200, {
      success: true,
      data: {
        customers: state.customers
          .filter((c) => has(c.fullName, c.email))
          .slice(0, SEARCH_KIND_LIMIT)
          .map(({ id, fullName, email }) => ({ id, fullName, email })),
        casks: state.casks
          .filter((c) => has(c.name, c.distillery))
          .slice(0, SEARCH_KIND_LIMIT)
          .map(({ id, name, distillery, status }) => ({ id, name, distillery, status })),
        orders: state.orders
          .filter(
            (o) => has(o.title, o.personalInfo.fullName, o.reference) && o.user.id !== undefined,
          )
          .slice(0, SEARCH_KIND_LIMIT)
          .map((o) => ({
            id: o._id,
            reference: o.reference,
            title: o.title,
            status: o.status,
            customerId: o.user.id ?? '',
            customerName: o.personalInfo.fullName ?? o.user.fullName,
          })),
        offers: state.offers
          .filter((o) => has(o.title))
          .slice(0, SEARCH_KIND_LIMIT)
          .map(({ id, title, type }) => ({ id, title, type })),
      },
    } satisfies SearchResponse);
  }),
];
