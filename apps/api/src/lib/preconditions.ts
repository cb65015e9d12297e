import {
  parseIfMatch,
  RECORD_CHANGED_ELSEWHERE,
  VERSION_HEADER_INVALID,
  type RecordPreconditionHeaders,
  type VersionPreconditionHeaders,
} from '@cask/contracts/common';
import { BadRequestError, PreconditionFailedError } from './errors.ts';

/**
 * The version a save replaces (docs/decisions/180): one of the updatedAt values its `If-Match`
 * lists, any saved version ('*'), nothing saved yet (null), or not said (undefined: whatever is
 * current).
 */
export type ExpectedVersion = readonly string[] | '*' | null | undefined;

/**
 * The strong entity tags' values of an `If-Match` (validated by the route schema), '*' for any,
 * undefined without the header. RFC 9110 §13.1.1 compares them strongly: a weak tag (`W/"..."`)
 * never matches, so it is left out, and a list of weak tags only matches nothing
 * (docs/decisions/300).
 */
export function ifMatchValues(header: string | undefined): readonly string[] | '*' | undefined {
  if (header === undefined) return undefined;
  const tags = parseIfMatch(header);
  if (tags === undefined) throw new BadRequestError(VERSION_HEADER_INVALID);
  if (tags === '*') return '*';
  return tags.filter((tag) => !tag.weak).map((tag) => tag.opaque);
}

/** What a save's `If-Match` / `If-None-Match` say it replaces (validated by the route schema). */
export function expectedVersion(headers: VersionPreconditionHeaders): ExpectedVersion {
  const ifMatch = headers['if-match'];
  const ifNoneMatch = headers['if-none-match'];
  if (ifMatch !== undefined && ifNoneMatch !== undefined) {
    throw new BadRequestError(VERSION_HEADER_INVALID);
  }
  if (ifNoneMatch !== undefined) return null;
  return ifMatchValues(ifMatch);
}

/**
 * Whether the current version is the one the save expects: `current` is its updatedAt in the
 * answers' ISO form, or undefined when nothing is saved.
 */
export function isExpectedVersion(expected: ExpectedVersion, current: string | undefined): boolean {
  if (expected === undefined) return true;
  if (expected === null) return current === undefined;
  if (current === undefined) return false;
  return expected === '*' || expected.includes(current);
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
 * The versions of a record a save may replace (docs/decisions/208, 300): those its `If-Match`
 * lists as strong tags, or undefined when it names none or '*' (whatever is current, as the
 * spec's calls; the record exists, or the save answers 404).
 */
export type ExpectedRecordVersions = readonly string[] | undefined;

export function expectedRecordVersion(headers: RecordPreconditionHeaders): ExpectedRecordVersions {
  const values = ifMatchValues(headers['if-match']);
  return values === '*' ? undefined : values;
}

/**
 * Refuses a save (412, nothing written) when none of its expected versions is the record's
 * current one; `updatedAt` is read from the row the save has locked, so no other save can slip
 * in between.
 */
export function assertRecordVersion(expected: ExpectedRecordVersions, updatedAt: Date): void {
  if (expected !== undefined && !expected.includes(versionOf(updatedAt))) {
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
