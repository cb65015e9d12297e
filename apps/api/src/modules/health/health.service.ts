import type { Db } from '../../db/client.ts';
import { pingDatabase } from './health.repository.ts';

export function createHealthService(deps: { db: Db }) {
  return {
    /** Ready means the database answers; the process being up is what /health already says. */
    async databaseReachable(): Promise<boolean> {
      try {
        await pingDatabase(deps.db);
        return true;
      } catch {
        return false;
      }
    },
  };
}
