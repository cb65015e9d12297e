import { beforeAll, expect, test } from 'vitest';
import { createAdmin, type TestAdmin } from '../../test/support/sign-in.ts';
import { useTestContext } from '../../test/support/app.ts';

const LIMIT = 3;
const ctx = useTestContext({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
let admin: TestAdmin;
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

test('health and ready still answer after a burst of API calls from the same address', async () => {
  const burst = [];
  for (let i = 0; i <= LIMIT; i += 1) {
    burst.push(
      await ctx.app.inject({ method: 'GET', url: '/api/auth/profile', headers: admin.headers }),
    );
  }
  expect(burst.at(-1)?.statusCode).toBe(429);

  // A load balancer probes far more often than the flood guard allows anybody.
  for (let i = 0; i <= LIMIT * 3; i += 1) {
    for (const url of ['/api/health', '/api/ready', '/api/health/', '/api/ready?probe=1']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url} after ${i} probes`).toBe(200);
    }
  }
});
