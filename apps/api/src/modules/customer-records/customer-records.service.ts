import type { CustomerRecord, CustomerSectionParams } from '@cask/contracts/customer-records';
import type { Database } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { USER_NOT_FOUND } from '../customers/customers.service.ts';
import { createCustomerSections, readCustomerRecord } from './customer-records.repository.ts';

/**
 * The customer page (issue 30): the customer with the four cards, and six paged sections, each
 * answered only for a customer nobody has deleted (else 404).
 */
export function createCustomerRecordsService(deps: { database: Database }) {
  const sections = createCustomerSections(deps.database);

  async function record(id: string): Promise<CustomerRecord> {
    const found = await readCustomerRecord(deps.database, id);
    if (!found) throw new NotFoundError(USER_NOT_FOUND);
    return found;
  }

  /** A section's page; the same statement says whether the customer exists (else 404). */
  const section =
    <Answer>(read: (id: string, query: CustomerSectionParams) => Promise<Answer | null>) =>
    async (id: string, query: CustomerSectionParams): Promise<Answer> => {
      const answer = await read(id, query);
      if (!answer) throw new NotFoundError(USER_NOT_FOUND);
      return answer;
    };

  return {
    record,
    casks: section(sections.casks),
    pastCasks: section(sections.pastCasks),
    orders: section(sections.orders),
    referrals: section(sections.referrals),
    points: section(sections.points),
    notifications: section(sections.notifications),
  };
}
