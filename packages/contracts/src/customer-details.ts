import { z } from 'zod';
import { emailField, FULL_NAME_MAX } from './auth.ts';
import { line } from './common.ts';

// Apart from users.ts (and from profile.ts, whose rules it repeats for a phone): each screen
// loads only the rules it uses, within its JavaScript budget (docs/decisions/121).

const NAME_REQUIRED = 'Name is required';
/**
 * As an admin's profile takes a phone (docs/screens/settings.md#personal-information): at most 15
 * digits, an optional leading +.
 */
const PHONE_MAX_DIGITS = 15;
const PHONE_PATTERN = new RegExp(`^\\+?\\d{1,${PHONE_MAX_DIGITS}}$`);
export const CUSTOMER_PHONE_INVALID = `Phone number must be digits only (at most ${PHONE_MAX_DIGITS}), with an optional leading +`;

export const CUSTOMER_EMAIL_TAKEN = 'Another user has this e-mail';

/**
 * PUT /users/{id}/details (issue 41): the customer page's 'Edit details', apart from the spec's
 * Edit User (whose Name and Email stay read-only). The e-mail is unique among visible customers
 * (409 with a field error otherwise); an empty phone clears it. Sent with If-Match.
 */
export const customerDetailsBody = z.object({
  fullName: line({ error: NAME_REQUIRED })
    .min(1, NAME_REQUIRED)
    .max(FULL_NAME_MAX, `Name must be at most ${FULL_NAME_MAX} characters`),
  email: emailField('Invalid Email'),
  phone: line()
    .max(16, CUSTOMER_PHONE_INVALID)
    .refine((value) => value === '' || PHONE_PATTERN.test(value), CUSTOMER_PHONE_INVALID)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type CustomerDetailsInput = z.input<typeof customerDetailsBody>;
export type CustomerDetailsBody = z.output<typeof customerDetailsBody>;
