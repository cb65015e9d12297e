import { VERSION_HEADER_INVALID, type VersionPreconditionHeaders } from '@cask/contracts/common';
import { BadRequestError } from './errors.ts';

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
