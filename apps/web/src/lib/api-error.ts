/**
 * The API client's error type and the spec's message fallback, apart from lib/api-client.ts so
 * that a screen can report errors without loading zod and the contracts first (decision 121).
 */

export interface ApiFieldError {
  field: string;
  message: string;
}

/** A failed call. `message` is the server's own words, or '' when it sent none. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors?: ApiFieldError[];
  /** The envelope's `code`, on the few refusals the app acts on (step-up, two-factor set-up). */
  readonly code?: string;

  constructor(message: string, status: number, errors?: ApiFieldError[], code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    if (errors) this.errors = errors;
    if (code) this.code = code;
  }
}

/** Spec 000 §8: the server's message when it sent one, else the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message.trim() !== '' ? error.message : fallback;
}
