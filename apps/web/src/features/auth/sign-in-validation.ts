import { loginBody, type LoginBody } from '@cask/contracts/auth';

/** A field of the sign-in form and the message under it. */
export type LoginErrors = Partial<Record<keyof LoginBody, string>>;

/**
 * The sign-in form's rules (docs/screens/sign-in.md#validation), loaded after the page is drawn
 * (decision 121): the body to send as the contract parses it, or each refused field's first
 * message, as the form showed them with react-hook-form's zod resolver.
 */
export function checkLogin(values: LoginBody): { body: LoginBody } | { errors: LoginErrors } {
  const result = loginBody.safeParse(values);
  if (result.success) return { body: result.data };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof LoginBody;
    errors[field] ??= issue.message;
  }
  return { errors };
}
