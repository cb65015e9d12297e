import { createHash } from 'node:crypto';
import {
  TERMS_CHANGED_ELSEWHERE,
  TERMS_CONTENT_REQUIRED,
  type SaveTermsBody,
  type TermsDocument,
  type TermsType,
} from '@cask/contracts/terms';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import { BadRequestError, PreconditionFailedError } from '../../lib/errors.ts';
import { isExpectedVersion, type ExpectedVersion } from '../../lib/preconditions.ts';
import { isBlankHtml, sanitizePolicyHtml } from './policy-html.ts';
import * as repo from './terms.repository.ts';

export interface Caller {
  ip: string;
}

/** Enough to tell versions apart in the audit trail without copying the whole text into it. */
function fingerprint(content: string | undefined) {
  if (content === undefined) return null;
  return { length: content.length, sha256: createHash('sha256').update(content).digest('hex') };
}

export type TermsService = ReturnType<typeof createTermsService>;

/** The club's legal texts (docs/screens/privacy-policy.md: the page and `POST /terms`). */
export function createTermsService(deps: { db: Db }) {
  const { db } = deps;

  return {
    /** Content and updatedAt are null until the first save: the web shows its default text. */
    async current(type: TermsType): Promise<TermsDocument> {
      const row = await repo.findCurrentTerms(db, type);
      return {
        type,
        content: row?.content ?? null,
        updatedAt: row?.updatedAt.toISOString() ?? null,
      };
    },

    /**
     * Sanitized on save (docs/architecture.md#input-and-output); each save is a new version, the
     * newest one is shown. A save that names the version it replaces is refused (412) once another
     * save has replaced it.
     */
    async save(
      adminId: string,
      body: SaveTermsBody,
      caller: Caller,
      expected?: ExpectedVersion,
    ): Promise<TermsDocument> {
      const content = await sanitizePolicyHtml(body.content);
      if (await isBlankHtml(content)) {
        throw new BadRequestError(TERMS_CONTENT_REQUIRED, [
          { field: 'content', message: TERMS_CONTENT_REQUIRED },
        ]);
      }
      const saved = await db.transaction(async (tx) => {
        await repo.lockTermsType(tx, body.type);
        const before = await repo.findCurrentTerms(tx, body.type);
        if (!isExpectedVersion(expected, before?.updatedAt.toISOString())) {
          throw new PreconditionFailedError(TERMS_CHANGED_ELSEWHERE);
        }
        const row = await repo.insertTermsVersion(tx, {
          type: body.type,
          content,
          updatedBy: adminId,
        });
        await writeAudit(tx, {
          adminId,
          action: 'terms.updated',
          entity: 'terms',
          entityId: row.id,
          before: fingerprint(before?.content),
          after: { type: row.type, ...fingerprint(row.content) },
          ip: caller.ip,
        });
        return row;
      });
      return { type: saved.type, content: saved.content, updatedAt: saved.updatedAt.toISOString() };
    },
  };
}
