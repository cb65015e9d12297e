import type { FastifyBaseLogger } from 'fastify';

export interface BackgroundJobs {
  /** Runs `job` after the current request has answered; a failure is logged, never thrown. */
  defer(name: string, job: () => Promise<void>): void;
  /** Resolves once every deferred job has finished (app.close() waits for it). */
  drain(): Promise<void>;
}

/**
 * Work a request must not wait for, and whose duration must not show in its answer time (the
 * recovery mail, issue 10 finding 6). In process, so not durable across a crash; a graceful
 * shutdown drains it before the database and the mailer close.
 */
export function createBackgroundJobs(log: FastifyBaseLogger): BackgroundJobs {
  const running = new Set<Promise<void>>();
  return {
    defer(name, job) {
      const run = new Promise<void>((resolve) => setImmediate(resolve))
        .then(job)
        .catch((error: unknown) => log.error({ err: error, job: name }, 'a background job failed'))
        .finally(() => running.delete(run));
      running.add(run);
    },
    async drain() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
