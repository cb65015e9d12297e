import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { useTestContext } from '../../test/support/app.ts';
import { authFailures } from '../db/schema/auth-failures.ts';

const ctx = useTestContext();

async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

test('closing waits for a request whose client hung up, so its work is finished and kept', async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');

  // A failed sign-in of an unknown e-mail spends a full argon2 verification, then records the
  // failure: slow enough to still be running when the client leaves.
  const email = 'nobody-here@example.com';
  const body = JSON.stringify({ email, password: 'not the password' });
  const socket = connect(address.port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  await until(() => ctx.app.inFlightRequests === 1, 'the request to start');
  socket.destroy();

  await ctx.app.close();

  expect(ctx.app.inFlightRequests).toBe(0);
  const failures = await ctx.database.db
    .select({ email: authFailures.email })
    .from(authFailures)
    .where(eq(authFailures.email, email));
  expect(failures).toHaveLength(1);
});
