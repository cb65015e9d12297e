import {
  RECORD_CHANGED_ELSEWHERE,
  VERSION_HEADER_INVALID,
  type RecordPreconditionHeaders,
  type VersionPreconditionHeaders,
} from '@cask/contracts/common';
import { BadRequestError, PreconditionFailedError } from './errors.ts';

/**
 * The version a save replaces (docs/decisions/180): the updatedAt of one, any saved version
 * ('*'), nothing saved yet (null), or not said (undefined: whatever is current).
 */
export type ExpectedVersion = string | null | undefined;

/** What a save's `If-Match` / `If-None-Match` say it replaces (validated by the route schema). */
export function expectedVersion(headers: VersionPreconditionHeaders): ExpectedVersion {
  const ifMatch = headers['if-match'];
  const ifNoneMatch = headers['if-none-match'];
  if (ifMatch !== undefined && ifNoneMatch !== undefined) {
    throw new BadRequestError(VERSION_HEADER_INVALID);
  }
  if (ifNoneMatch !== undefined) return null;
  if (ifMatch === undefined) return undefined;
  return ifMatch === '*' ? '*' : ifMatch.replace(/^W\//, '').slice(1, -1);
}

/**
 * Whether the current version is the one the save expects: `current` is its updatedAt in the
 * answers' ISO form, or undefined when nothing is saved.
 */
export function isExpectedVersion(expected: ExpectedVersion, current: string | undefined): boolean {
  if (expected === undefined) return true;
  if (expected === null) return current === undefined;
  if (expected === '*') return current !== undefined;
  return current === expected;
}

/**
 * A record's version (docs/decisions/208): its `updated_at` in whole milliseconds since the
 * epoch, as text. The answers written in JavaScript take it from the column's Date; the lists
 * write it in SQL (db/versions.ts); both drop the microseconds alike.
 */
export function versionOf(updatedAt: Date): string {
  return String(updatedAt.getTime());
}

/**
 * The version of a record a save replaces (docs/decisions/208): the one its `If-Match` names,
 * '*' for any, or undefined when it names none (whatever is current, as the spec's calls).
 */
export function expectedRecordVersion(headers: RecordPreconditionHeaders): string | undefined {
  const ifMatch = headers['if-match'];
  if (ifMatch === undefined || ifMatch === '*') return undefined;
  return ifMatch.replace(/^W\//, '').slice(1, -1);
}

/**
 * Refuses a save (412, nothing written) whose expected version is not the record's current one;
 * `updatedAt` is read from the row the save has locked, so no other save can slip in between.
 */
export function assertRecordVersion(expected: string | undefined, updatedAt: Date): void {
  if (expected !== undefined && expected !== versionOf(updatedAt)) {
    throw new PreconditionFailedError(RECORD_CHANGED_ELSEWHERE);
  }
}

/**
 * A record's single read: its version as the answer's strong ETag, quoted (docs/decisions/208).
 * Answers the record, for the envelope.
 */
export function withVersionEtag<T extends { version: string }>(
  reply: { header(name: string, value: string): unknown },
  record: T,
): T {
  reply.header('etag', `"${record.version}"`);
  return record;
}
