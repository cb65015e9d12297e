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

/**
 * docs/screens/common.md#error-texts: the server's message when it sent one, else the screen's own
 * fallback text.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message.trim() !== '' ? error.message : fallback;
}

/**
 * A bulk action's refusal (issue 31, 409): the message, then each row that failed, named by
 * `name` from the rows as sent (the API names them `changes.<index>.id`) with its reason.
 */
export function bulkFailureMessage<Row>(
  error: unknown,
  sent: readonly Row[],
  name: (row: Row) => string,
  fallback: string,
): string {
  const message = errorMessage(error, fallback);
  if (!(error instanceof ApiError)) return message;
  const failed = (error.errors ?? []).flatMap(({ field, message: reason }) => {
    const index = /^changes\.(\d+)\.id$/.exec(field)?.[1];
    const row = index === undefined ? undefined : sent[Number(index)];
    return row === undefined ? [] : [`${name(row)}: ${reason}`];
  });
  return failed.length > 0 ? `${message}. ${failed.join('; ')}.` : message;
}
