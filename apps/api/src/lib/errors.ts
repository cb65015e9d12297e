import type { FieldError } from '@cask/contracts/common';

/** The typed errors services throw; plugins/errors.ts maps them to the envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** A machine-readable reason the web app acts on (the envelope's `code`). */
    readonly code?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message = 'Invalid request', errors?: FieldError[]) {
    super(400, message, errors);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'You are not authorized') {
    super(401, message);
  }
}

/** What the authentication check answers for a disabled admin and for an ended session. */
export const ACCOUNT_DISABLED = 'You are not authorized: account disabled';
export const TOKEN_ENDED = 'You are not authorized: the session has ended';

export class ForbiddenError extends AppError {
  constructor(message = 'Forbidden') {
    super(403, message);
  }
}

/** Step-up (issue 28): the last proof of identity in this session is too old for this change. */
export const REAUTHENTICATION_REQUIRED = 'reauthentication_required';
/** The policy requires two-factor and the admin has none yet: only setting one up is allowed. */
export const TWO_FACTOR_SETUP_REQUIRED = 'two_factor_setup_required';

/** A 403 the web app recognises by its code (step-up, two-factor set-up). */
export class CodedForbiddenError extends AppError {
  constructor(message: string, code: string) {
    super(403, message, undefined, undefined, code);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message = 'Conflict', errors?: FieldError[]) {
    super(409, message, errors);
  }
}

/**
 * 409: what the asker saw has moved since (an import's preview). Found when an approval request
 * is approved, it makes the request Outdated rather than refusing the decision (decision 433).
 */
export class RecordMovedError extends ConflictError {}

/** A save named a version of the record (If-Match) that is no longer current (decision 208). */
export class PreconditionFailedError extends AppError {
  constructor(message: string) {
    super(412, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message = 'The file is too large') {
    super(413, message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message = 'Unsupported file type') {
    super(415, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, undefined, {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    });
  }
}

/** The server is at a limit of its own for now (e.g. exports running at once); try again later. */
export class ServiceUnavailableError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(503, message, undefined, {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    });
  }
}
