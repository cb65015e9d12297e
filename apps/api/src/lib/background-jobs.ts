import type { FastifyBaseLogger } from 'fastify';

export interface BackgroundJobs {
  /**
   * Queues `job` to run after the current request has answered: `release()` (called from the
   * routes' onResponse hook, once the answer has left) starts it. A failure is logged, never thrown.
   */
  defer(name: string, job: () => Promise<void>): void;
  /** Starts every queued job. */
  release(): void;
  /** Starts what is queued and resolves once every job has finished (app.close() waits for it). */
  drain(): Promise<void>;
}

/**
 * Work a request must not wait for, and whose duration must not show in its answer time (the
 * recovery mail, issue 10 finding 6). Started only once the answer has been sent, so even on a
 * busy machine its CPU (the embedded database runs in this process) never delays that answer. In
 * process, so not durable across a crash; a graceful shutdown drains it before the database and
 * the mailer close.
 */
export function createBackgroundJobs(log: FastifyBaseLogger): BackgroundJobs {
  const queued: { name: string; job: () => Promise<void> }[] = [];
  const running = new Set<Promise<void>>();
  function release() {
    for (const { name, job } of queued.splice(0)) {
      const run = new Promise<void>((resolve) => setImmediate(resolve))
        .then(job)
        .catch((error: unknown) => log.error({ err: error, job: name }, 'a background job failed'))
        .finally(() => running.delete(run));
      running.add(run);
    }
  }
  return {
    defer(name, job) {
      queued.push({ name, job });
    },
    release,
    async drain() {
      release();
      while (running.size > 0) await Promise.all(running);
    },
  };
}
