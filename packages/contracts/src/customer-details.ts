import { z } from 'zod';
import { emailField, FULL_NAME_MAX } from './auth.ts';
import { line } from './common.ts';
import { NAME_REQUIRED, phoneNumber } from './profile.ts';

// Apart from users.ts, so the screens that read customers do not load the profile's rules.

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
  phone: phoneNumber(),
});
export type CustomerDetailsInput = z.input<typeof customerDetailsBody>;
export type CustomerDetailsBody = z.output<typeof customerDetailsBody>;
