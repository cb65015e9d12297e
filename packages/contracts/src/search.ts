import { z } from 'zod';
import { okEnvelope, SEARCH_MAX_LENGTH, SEARCH_SINGLE_LINE, text } from './common.ts';

/** The most results the palette shows of each kind (customers, casks, orders, offers). */
export const SEARCH_KIND_LIMIT = 5;

export const SEARCH_REQUIRED = 'Search is required';

/**
 * GET /search?q= (issue 31, the command palette 'Search everything'): one term, searched as every
 * list searches it (a case-insensitive substring, decision 176), so the palette finds what the
 * lists find. Unlike a list's search it is required: an empty palette asks nothing.
 */
export const searchQuery = z.object({
  q: text({ error: SEARCH_REQUIRED })
    .trim()
    .min(1, SEARCH_REQUIRED)
    .max(SEARCH_MAX_LENGTH, `Search must be at most ${SEARCH_MAX_LENGTH} characters`)
    .refine((value) => !/[\n\r]/.test(value), SEARCH_SINGLE_LINE),
});
export type SearchQuery = z.input<typeof searchQuery>;

/** A customer by name or e-mail; opens their page (/user/:id). */
export const searchCustomer = z.object({
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
});
/** A cask by name or distillery; opens its page (/cask/:id). */
export const searchCask = z.object({
  id: z.uuid(),
  name: z.string(),
  distillery: z.string().nullable(),
  /** One of CASK_STATUSES (casks.ts), shown as it is. */
  status: z.string(),
});
/**
 * An order by its product (title), its customer's name or its reference ('ORD-00123', '123');
 * opens the customer's page.
 */
export const searchOrder = z.object({
  id: z.uuid(),
  /** Its short reference, 'ORD-00123' (docs/decisions/316). */
  reference: z.string(),
  title: z.string(),
  /** One of ORDER_STATUSES (orders.ts), shown as it is. */
  status: z.string(),
  customerId: z.uuid(),
  /** The name given with the order, or the customer's when none was. */
  customerName: z.string(),
});
/** An offer (not retired) by title; opens the Offers list searched by it. */
export const searchOffer = z.object({
  id: z.uuid(),
  title: z.string(),
  /** One of OFFER_TYPES (offers.ts), shown as it is. */
  type: z.string(),
});

// The statuses and types are plain strings here: the palette only shows them, and importing the
// other contracts would pull their code (and the chunks that share it) into the palette's.

/** Each kind newest first, at most SEARCH_KIND_LIMIT of each. */
export const searchResults = z.object({
  customers: z.array(searchCustomer),
  casks: z.array(searchCask),
  orders: z.array(searchOrder),
  offers: z.array(searchOffer),
});
export type SearchResults = z.infer<typeof searchResults>;
export type SearchCustomer = z.infer<typeof searchCustomer>;
export type SearchCask = z.infer<typeof searchCask>;
export type SearchOrder = z.infer<typeof searchOrder>;
export type SearchOffer = z.infer<typeof searchOffer>;

export const searchResponse = okEnvelope(searchResults);
export type SearchResponse = z.infer<typeof searchResponse>;
