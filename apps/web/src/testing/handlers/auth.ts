import { http } from 'msw';
import type { ProfileResponse } from '@cask/contracts/auth';
import type { MessageEnvelope } from '@cask/contracts/common';
import { json } from '../respond.ts';
import { db } from '../store.ts';

/** The shell's calls of modules/auth: the signed-in admin's profile and logout. */
export const authHandlers = [
  http.get('/api/auth/profile', () =>
    json(200, { success: true, data: { user: db().profile } } satisfies ProfileResponse),
  ),
  http.post('/api/auth/logout', () =>
    json(200, { success: true, message: 'Logged out' } satisfies MessageEnvelope),
  ),
];
