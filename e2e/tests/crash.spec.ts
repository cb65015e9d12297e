import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mainAdmin } from '../support/admins.ts';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';
import { serverLogOf } from '../support/paths.ts';
import { signedInApi, startServer, type Api, type RunningServer } from '../support/server.ts';
import { copyOfSeededData, expect, test } from '../support/test.ts';

/**
 * "Nothing a user saved is ever lost": a server killed (SIGKILL, no clean shutdown) while writes
 * are in flight starts again on the same embedded database, and every write it had answered with
 * a 2xx is there. Its own server and data directory, so the shared one of the other specs lives on.
 */
const WRITERS = 10;
/** Killed once this many writes have been answered: the rest are in flight at that moment. */
const ANSWERED_BEFORE_KILL = 60;

interface Customer {
  id: string;
  email: string;
}
/** The customer's reward-point balance as the Reward List shows it (derived from the ledger). */
async function pointsOf(api: Api, customer: Customer): Promise<number> {
  const list = await api.json<{ rewards: { id: string; referralPoints: number }[] }>(
    'GET',
    `/referrals/admin/rewards?page=1&limit=10&search=${encodeURIComponent(customer.email)}`,
  );
  expect(list.status).toBe(200);
  const row = list.data.rewards.find((reward) => reward.id === customer.id);
  if (!row) throw new Error(`${customer.email} is not in the Reward List`);
  return row.referralPoints;
}

test.describe('a server killed during writes', () => {
  let dataDir: string;
  let sink: MailSink;
  let server: RunningServer | undefined;

  test.beforeAll(async () => {
    dataDir = copyOfSeededData('cask-e2e-crash-');
    sink = await startMailSink(mkdtempSync(path.join(os.tmpdir(), 'cask-e2e-crash-mail-')));
  });

  test.afterAll(async () => {
    await server?.stop();
    await sink?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('keeps every point adjustment it answered, and starts again', async () => {
    test.setTimeout(240_000);
    const logFile = serverLogOf(test.info().parallelIndex);
    const boot = () => startServer({ dataDir, smtpUrl: sink.url, admin: mainAdmin, logFile });
    server = await boot();
    let api = await signedInApi(server, mainAdmin);
    const users = await api.json<{ users: Customer[] }>('GET', '/users?page=1&limit=1');
    expect(users.status).toBe(200);
    const customer = users.data.users[0];
    if (!customer) throw new Error('The demo data has no customer');
    const before = await pointsOf(api, customer);

    let sent = 0;
    let answered = 0;
    let killing: Promise<void> | undefined;
    const running = server;
    const writer = async () => {
      while (!killing) {
        sent++;
        try {
          const result = await api.json('POST', '/referrals/admin/manual-points', {
            userId: customer.id,
            points: 1,
            description: 'Crash test',
          });
          if (result.status !== 200) throw new Error(`answered ${result.status}`);
          answered++;
          if (answered >= ANSWERED_BEFORE_KILL) killing ??= running.kill();
        } catch (error) {
          // Only the kill may interrupt a write; anything else fails the test.
          if (!killing) throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, writer));
    await killing;
    server = undefined;

    server = await boot();
    api = await signedInApi(server, mainAdmin);
    const gained = (await pointsOf(api, customer)) - before;
    // Every answered write is kept; a write cut off by the kill may or may not have committed.
    expect(gained).toBeGreaterThanOrEqual(answered);
    expect(gained).toBeLessThanOrEqual(sent);

    // And the database takes writes again.
    const after = await api.json<{ referralPoints: number }>(
      'POST',
      '/referrals/admin/manual-points',
      {
        userId: customer.id,
        points: 1,
      },
    );
    expect(after.status).toBe(200);
    expect(after.data.referralPoints).toBe(before + gained + 1);
  });
});
