import { expect, test } from 'vitest';
import { loadConfig } from '../../config.ts';
import { publicBaseUrl } from '../../lib/public-url.ts';
import { createAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { relyingParty } from './passkeys.service.ts';

// Issue 41 item 10: passkeys belong to PUBLIC_URL's host (localhost when unset); the address the
// server prints and mails is that one, and the Security screen is told it to say where to go.
const ctx = useTestContext();

test('unset, PUBLIC_URL defaults to the address passkeys work at: http://localhost:PORT, as the README says', () => {
  const defaults = loadConfig({});
  expect(publicBaseUrl(defaults)).toBe('http://localhost:3000');
  expect(relyingParty(defaults).origin).toBe(publicBaseUrl(defaults));
  // Listening everywhere (a container) reaches localhost too.
  expect(publicBaseUrl({ ...defaults, HOST: '0.0.0.0' })).toBe('http://localhost:3000');
  // Another address is printed as it is; PUBLIC_URL wins, without a trailing slash.
  expect(publicBaseUrl({ ...defaults, HOST: '10.0.0.5' })).toBe('http://10.0.0.5:3000');
  const pinned = { ...defaults, PUBLIC_URL: 'https://admin.example.com/' };
  expect(publicBaseUrl(pinned)).toBe('https://admin.example.com');
  expect(relyingParty(pinned)).toMatchObject({
    id: 'admin.example.com',
    origin: 'https://admin.example.com',
  });
});

test("a passkey registration's options name the origin passkeys belong to, beside the relying party", async () => {
  const admin = await createAdmin(ctx);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/security/passkeys/options',
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);
  const { origin, options } = res.json().data as {
    origin: string;
    options: { rp: { id: string } };
  };
  expect(origin).toBe(relyingParty(ctx.config).origin);
  expect(options.rp.id).toBe(new URL(origin).hostname);
});
