import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import {
  MAX_PIPELINE_DEPTH,
  PIPELINE_DEPTH,
  READ_LANES,
  ReadLanes,
  type ReadLanesOptions,
} from './read-lanes.ts';

// db/read-lanes.ts (decision 186): the named reads, pipelined on a few connections. Only a
// PostgreSQL server has connections to pipeline on (TEST_DATABASE_URL, see README).
const serverUrl = process.env.TEST_DATABASE_URL;

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((each) => each.close()));
});

/** Lanes whose connections carry a name of their own, so the server can count them. */
function lanesForTest(options?: ReadLanesOptions): { lanes: ReadLanes; applicationName: string } {
  const applicationName = `read_lanes_test_${randomBytes(4).toString('hex')}`;
  const lanes = new ReadLanes(
    { connectionString: serverUrl, application_name: applicationName },
    options,
  );
  opened.push(lanes);
  return { lanes, applicationName };
}

async function backendsOf(applicationName: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const result = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = $1 order by pid',
      [applicationName],
    );
    return result.rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

const ECHO = { name: 'lanes_echo', text: 'select $1::int as n, $2::text as label' };
/** Takes about 50 ms: enough for many reads to be in flight on one connection at once. */
const SLOW = { name: 'lanes_slow', text: 'select $1::int as n from (select pg_sleep(0.05)) s' };
const DIVIDE = { name: 'lanes_divide', text: 'select 100 / $1::int' };

describe.runIf(serverUrl)('read lanes', () => {
  test('concurrent reads each get their own rows, on as few connections as their number needs', async () => {
    const { lanes, applicationName } = lanesForTest();
    const count = PIPELINE_DEPTH * 2 + 3;
    const answers = await Promise.all(
      Array.from({ length: count }, (_, index) => lanes.read(SLOW, [index])),
    );
    expect(answers).toEqual(Array.from({ length: count }, (_, index) => [[index]]));
    // PIPELINE_DEPTH reads share a connection before another is opened: three for these.
    expect(await backendsOf(applicationName)).toHaveLength(3);

    // Reads one after the other keep to the first connection.
    for (let index = 0; index < 5; index++) {
      expect(await lanes.read(ECHO, [index, `read ${index}`])).toEqual([[index, `read ${index}`]]);
    }
    expect(await backendsOf(applicationName)).toHaveLength(3);

    // Measured at about 50 ms a read, PIPELINE_DEPTH of them are over the 2 ms budget already.
    await Promise.all(Array.from({ length: count }, (_, index) => lanes.read(SLOW, [index])));
    expect(await backendsOf(applicationName)).toHaveLength(3);
  });

  test('reads that answer within the budget share one connection, up to MAX_PIPELINE_DEPTH', async () => {
    // A budget of a minute: any read this test makes is well within it, however busy the machine.
    const budgetMs = 60_000;
    const { lanes, applicationName } = lanesForTest({ budgetMs });
    // Until it has measured its reads, a lane takes PIPELINE_DEPTH of them.
    for (let index = 0; index < 60; index++) await lanes.read(ECHO, [index, 'measure']);
    expect(await backendsOf(applicationName)).toHaveLength(1);

    const count = MAX_PIPELINE_DEPTH + PIPELINE_DEPTH;
    const answers = await Promise.all(
      Array.from({ length: count }, (_, index) => lanes.read(ECHO, [index, 'x'])),
    );
    expect(answers.map((rows) => rows[0]?.[0])).toEqual(
      Array.from({ length: count }, (_, index) => index),
    );
    // MAX_PIPELINE_DEPTH on the measured lane; the new one, not yet measured, takes the rest.
    expect(await backendsOf(applicationName)).toHaveLength(2);
  });

  test('never more than READ_LANES connections, however many reads wait', async () => {
    const { lanes, applicationName } = lanesForTest();
    const count = READ_LANES * PIPELINE_DEPTH + 10;
    const answers = await Promise.all(
      Array.from({ length: count }, (_, index) => lanes.read(ECHO, [index, 'x'])),
    );
    expect(answers.map((rows) => rows[0]?.[0])).toEqual(
      Array.from({ length: count }, (_, index) => index),
    );
    expect((await backendsOf(applicationName)).length).toBeLessThanOrEqual(READ_LANES);
  });

  test('a read that fails fails alone: the reads beside it on its connection are answered', async () => {
    const { lanes, applicationName } = lanesForTest();
    const divisors = [5, 0, 4, 0, 2, 1];
    const settled = await Promise.allSettled(divisors.map((d) => lanes.read(DIVIDE, [d])));
    expect(await backendsOf(applicationName)).toHaveLength(1);
    expect(settled.map((each) => (each.status === 'fulfilled' ? each.value : 'failed'))).toEqual([
      [[20]],
      'failed',
      [[25]],
      'failed',
      [[50]],
      [[100]],
    ]);
    const failure = settled[1];
    expect(failure?.status === 'rejected' && String(failure.reason)).toMatch(/division by zero/);
    // A statement that does not parse, among good reads.
    const broken = { name: 'lanes_broken', text: 'select definitely not sql' };
    const mixed = await Promise.allSettled([
      lanes.read(DIVIDE, [10]),
      lanes.read(broken, []),
      lanes.read(DIVIDE, [20]),
    ]);
    expect(mixed.map((each) => each.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await lanes.read(DIVIDE, [50])).toEqual([[2]]);
  });

  test('a name already prepared for another text fails that read, even one queued while connecting', async () => {
    const { lanes } = lanesForTest();
    // Both wait for the new connection; it sends them once it is ready.
    const [first, second] = await Promise.allSettled([
      lanes.read({ name: 'lanes_same', text: 'select 1' }, []),
      lanes.read({ name: 'lanes_same', text: 'select 2' }, []),
    ]);
    expect(first).toEqual({ status: 'fulfilled', value: [[1]] });
    expect(second?.status === 'rejected' && String(second.reason)).toMatch(/another text/);
    // Nothing was written for the refused read: the connection goes on in step.
    expect(await lanes.read(ECHO, [3, 'after'])).toEqual([[3, 'after']]);
    expect(await lanes.read({ name: 'lanes_same', text: 'select 1' }, [])).toEqual([[1]]);
  });

  test('a connection that dies fails the reads in flight on it; the next reads get a new one', async () => {
    const { lanes, applicationName } = lanesForTest();
    expect(await lanes.read(ECHO, [1, 'before'])).toEqual([[1, 'before']]);
    const [pid] = await backendsOf(applicationName);
    const asleep = { name: 'lanes_asleep', text: 'select $1::int from (select pg_sleep(30)) s' };
    const inFlight = Promise.allSettled([lanes.read(asleep, [1]), lanes.read(asleep, [2])]);
    // Ended by the server once the first of them runs there, the second behind it.
    const killer = new pg.Client({ connectionString: serverUrl });
    await killer.connect();
    try {
      for (;;) {
        const { rows } = await killer.query<{ running: boolean }>(
          "select state = 'active' and query like '%pg_sleep(30)%' as running" +
            ' from pg_stat_activity where pid = $1',
          [pid],
        );
        if (rows[0]?.running) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await killer.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await killer.end();
    }
    expect((await inFlight).map((each) => each.status)).toEqual(['rejected', 'rejected']);

    expect(await lanes.read(ECHO, [2, 'after'])).toEqual([[2, 'after']]);
    const now = await backendsOf(applicationName);
    expect(now).toHaveLength(1);
    expect(now).not.toContain(pid);
  });

  test('a server that cannot be reached fails the read instead of keeping it waiting', async () => {
    // A port that accepts connections and closes them at once.
    const server: Server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    opened.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const lanes = new ReadLanes({ host: '127.0.0.1', port, user: 'nobody', database: 'none' });
    opened.push(lanes);
    await expect(lanes.read(ECHO, [1, 'x'])).rejects.toThrow();
    await expect(lanes.read(ECHO, [2, 'y'])).rejects.toThrow();
  });

  test('close waits for the reads in flight, then ends every connection', async () => {
    const { lanes, applicationName } = lanesForTest();
    const reads = Promise.all([lanes.read(SLOW, [7]), lanes.read(SLOW, [8])]);
    await lanes.close();
    expect(await reads).toEqual([[[7]], [[8]]]);
    expect(await backendsOf(applicationName)).toEqual([]);
  });
});
