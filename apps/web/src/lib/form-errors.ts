import { ApiError } from './api-error.ts';

// Apart from api-error.ts, which the sign-in screen loads first: only forms that save need this.
/**
 * Puts each of the API's field errors (a 400's or 409's `errors`) that names one of the form's
 * `fields` under that field; true when one was, else the caller says the failure another way.
 */
export function showFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  setError: (field: Field, error: { message: string }) => void,
): boolean {
  const named = (field: string): field is Field => (fields as readonly string[]).includes(field);
  let shown = false;
  for (const item of error instanceof ApiError ? (error.errors ?? []) : []) {
    if (!named(item.field)) continue;
    setError(item.field, { message: item.message });
    shown = true;
  }
  return shown;
}
