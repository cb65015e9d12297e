import { z } from 'zod';
import { CASK_STATUSES } from './casks.ts';
import { okEnvelope, pageQuery, pagination, recordVersion } from './common.ts';
import { defineList } from './lists.ts';
import { CUSTOMER_SECTION_PAGE_SIZE } from './plain.ts';

/**
 * The customer page (`/user/:id`, issue 30): the customer, four cards, and five paged sections
 * ('Casks', 'Orders', 'Referrals', 'Points', 'Notifications'), each its own list call.
 */

/** Each section shows 5 a page (./plain.ts: the page draws without zod, decision 450). */
export { CUSTOMER_SECTION_PAGE_SIZE };

export const customerSectionQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(CUSTOMER_SECTION_PAGE_SIZE),
});
export type CustomerSectionQuery = z.input<typeof customerSectionQuery>;
export type CustomerSectionParams = z.output<typeof customerSectionQuery>;

export const customerRecord = z.object({
  customer: z.object({
    id: z.uuid(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    isActive: z.boolean(),
    createdAt: z.iso.datetime(),
    /** What an edit names in If-Match (docs/decisions/208). */
    version: recordVersion,
  }),
  cards: z.object({
    casksHeld: z.number().int(),
    /** The sum of the current values of their casks (unknown counts as 0). */
    portfolioValue: z.number(),
    /** The sum of the budgets of their visible orders that were not rejected. */
    totalInvested: z.number(),
    pointsBalance: z.number().int(),
  }),
});
export type CustomerRecord = z.infer<typeof customerRecord>;
export const customerRecordResponse = okEnvelope(customerRecord);
export type CustomerRecordResponse = z.infer<typeof customerRecordResponse>;

const section = <T extends z.ZodType>(item: T) =>
  okEnvelope(z.object({ items: z.array(item), pagination }));

export const customerCask = z.object({
  id: z.uuid(),
  name: z.string(),
  distillery: z.string().nullable(),
  year: z.number().int().nullable(),
  /** As the cask page shows them: the latest gauge (of `gaugedOn`), else as filled (decision 305). */
  volume: z.number().nullable(),
  abv: z.number().nullable(),
  gaugedOn: z.string().nullable(),
  currentValue: z.number().nullable(),
  gain: z.number().nullable(),
  status: z.enum(CASK_STATUSES),
});
export const customerCasksResponse = section(customerCask);
export type CustomerCasksResponse = z.infer<typeof customerCasksResponse>;

/** A cask the customer transferred to someone else: 'Past casks' (issue 41), newest first. */
export const customerPastCask = z.object({
  /** The transfer's id. */
  id: z.uuid(),
  cask: z.object({ id: z.uuid(), name: z.string() }),
  /** The day of the transfer (YYYY-MM-DD). */
  transferredOn: z.string(),
  /** The owner it went to. */
  to: z.object({ id: z.uuid(), fullName: z.string() }),
  price: z.number().nullable(),
});
export const customerPastCasksResponse = section(customerPastCask);
export type CustomerPastCasksResponse = z.infer<typeof customerPastCasksResponse>;

export const customerOrder = z.object({
  id: z.uuid(),
  /** The order's short reference, 'ORD-00123', as the Order List shows it. */
  reference: z.string(),
  /** The product: the order's title. */
  title: z.string(),
  /** The budget, in dollars. */
  investmentAmount: z.number(),
  status: z.string(),
  manualPaymentStatus: z.string(),
  submittedDate: z.iso.datetime(),
});
export const customerOrdersResponse = section(customerOrder);
export type CustomerOrdersResponse = z.infer<typeof customerOrdersResponse>;

export const customerReferral = z.object({
  id: z.uuid(),
  /** 'made': this customer referred the other; 'received': the other referred them. */
  direction: z.enum(['made', 'received']),
  other: z.object({ id: z.uuid(), fullName: z.string() }),
  status: z.string(),
  rewardAmount: z.number(),
  pointsAwarded: z.number().int(),
  createdAt: z.iso.datetime(),
});
export const customerReferralsResponse = section(customerReferral);
export type CustomerReferralsResponse = z.infer<typeof customerReferralsResponse>;

export const customerPoint = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  /** The change, positive or negative. */
  points: z.number().int(),
  type: z.string(),
  description: z.string().nullable(),
  admin: z.string().nullable(),
  /** The balance after this entry. */
  balance: z.number().int(),
});
export const customerPointsResponse = section(customerPoint);
export type CustomerPointsResponse = z.infer<typeof customerPointsResponse>;

export const customerNotification = z.object({
  id: z.uuid(),
  title: z.string(),
  message: z.string(),
  type: z.string(),
  isGlobal: z.boolean(),
  createdAt: z.iso.datetime(),
});
export const customerNotificationsResponse = section(customerNotification);
export type CustomerNotificationsResponse = z.infer<typeof customerNotificationsResponse>;

/** The customer page's Casks: its route, query and answer, for the API and the web app (lists.ts). */
export const customerCasksDefinition = defineList({
  path: '/users/:id/casks',
  query: customerSectionQuery,
  response: customerCasksResponse,
});

/** The customer page's past casks: its route, query and answer, for the API and the web app (lists.ts). */
export const customerPastCasksDefinition = defineList({
  path: '/users/:id/past-casks',
  query: customerSectionQuery,
  response: customerPastCasksResponse,
});

/** The customer page's Orders: its route, query and answer, for the API and the web app (lists.ts). */
export const customerOrdersDefinition = defineList({
  path: '/users/:id/orders',
  query: customerSectionQuery,
  response: customerOrdersResponse,
});

/** The customer page's Referrals: its route, query and answer, for the API and the web app (lists.ts). */
export const customerReferralsDefinition = defineList({
  path: '/users/:id/referrals',
  query: customerSectionQuery,
  response: customerReferralsResponse,
});

/** The customer page's Points: its route, query and answer, for the API and the web app (lists.ts). */
export const customerPointsDefinition = defineList({
  path: '/users/:id/points',
  query: customerSectionQuery,
  response: customerPointsResponse,
});

/** The customer page's Notifications: its route, query and answer, for the API and the web app (lists.ts). */
export const customerNotificationsDefinition = defineList({
  path: '/users/:id/notifications',
  query: customerSectionQuery,
  response: customerNotificationsResponse,
});
