import { expect, test } from 'vitest';
import { createLimiter, ServerBusyError } from './limiter.ts';

/** A job that ends when the test says so, and says when it started. */
function job() {
  let finish!: () => void;
  let started = false;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    work: async () => {
      started = true;
      await done;
    },
    finish,
    get started() {
      return started;
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test('runs at most `concurrency` jobs at once, the next in line as soon as one ends', async () => {
  const run = createLimiter({ concurrency: 2 });
  const jobs = [job(), job(), job(), job()];
  const results = jobs.map((j) => run(j.work));
  await settle();
  expect(jobs.map((j) => j.started)).toEqual([true, true, false, false]);
  jobs[1]!.finish();
  await settle();
  expect(jobs.map((j) => j.started)).toEqual([true, true, true, false]);
  jobs[0]!.finish();
  jobs[2]!.finish();
  await settle();
  expect(jobs[3]!.started).toBe(true);
  jobs[3]!.finish();
  await Promise.all(results);
});

test('a failing job frees its slot too', async () => {
  const run = createLimiter({ concurrency: 1 });
  await expect(run(() => Promise.reject(new Error('broken image')))).rejects.toThrow('broken');
  await expect(run(async () => 'next')).resolves.toBe('next');
});

test('answers 503 beyond the line it keeps, and serves the line', async () => {
  const run = createLimiter({ concurrency: 1, maxQueued: 1 });
  const first = job();
  const second = job();
  const running = run(first.work);
  const queued = run(second.work);
  await expect(run(async () => 'third')).rejects.toBeInstanceOf(ServerBusyError);
  first.finish();
  second.finish();
  await Promise.all([running, queued]);
  await expect(run(async () => 'later')).resolves.toBe('later');
});
