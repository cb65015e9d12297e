import type { FieldError } from '@cask/contracts/common';

/** The typed errors services throw; plugins/errors.ts maps them to the envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
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
