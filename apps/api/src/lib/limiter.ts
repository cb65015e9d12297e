import { AppError } from './errors.ts';

/** What a bounded job answers when too many wait already (password hashing, image processing). */
export class ServerBusyError extends AppError {
  constructor() {
    super(503, 'The server is busy. Please try again in a moment.', undefined, {
      'retry-after': '1',
    });
  }
}

/** Runs work with at most `concurrency` jobs at once; see `createLimiter`. */
export type Limiter = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Bounds work that holds a thread of libuv's small pool and much memory (an argon2 hash, an image
 * decode): at most `concurrency` jobs run at once, up to `maxQueued` (default 32 per slot) wait
 * in line in the order they came, and beyond that the caller gets a 503 (`ServerBusyError`)
 * instead of the process running out of memory.
 */
export function createLimiter(options: { concurrency: number; maxQueued?: number }): Limiter {
  const concurrency = Math.max(1, options.concurrency);
  const maxQueued = options.maxQueued ?? concurrency * 32;
  let running = 0;
  const waiting: Array<() => void> = [];

  return async function bounded<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= maxQueued) throw new ServerBusyError();
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next in line, so `running` never dips and overshoots.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
