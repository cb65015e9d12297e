import { randomBytes } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';
import { createLimiter } from './limiter.ts';

/**
 * docs/architecture.md#authentication: argon2id at one of the OWASP Password Storage Cheat Sheet's
 * equivalent minimum settings, m=12 MiB, t=3, p=1 (the sheet rates it equal to m=19 MiB, t=2).
 * Measured here it verifies in half the time of the 19 MiB setting (smaller memory stays in cache),
 * which doubles the sign-ins a core can serve: docs/decisions/063-argon2-parameters.md. Hashes made
 * with other parameters carry them and still verify. `algorithm: 2` is Argon2id: the library's enum
 * is a `const enum`, which isolatedModules cannot import.
 */
export const ARGON2_OPTIONS: Options = {
  memoryCost: 12_288,
  timeCost: 3,
  parallelism: 1,
  algorithm: 2,
};

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a stored value that is not an argon2 hash. */
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Spends the time of one real check against a throw-away hash, so an unknown e-mail takes as
   * long as a known one with a wrong password (no account enumeration by timing). Always false.
   */
  verifyNothing(password: string): Promise<false>;
}

/**
 * Each hash holds ~12 MiB and a libuv thread for tens of milliseconds, so a burst of sign-ins
 * must not run them all at once: at most `concurrency` run, up to `maxQueued` wait in line,
 * and beyond that the caller gets a 503 instead of the process running out of memory.
 */
export function createPasswordHasher(options: {
  concurrency: number;
  maxQueued?: number;
}): PasswordHasher {
  const bounded = createLimiter(options);

  let dummyHash: Promise<string> | undefined;

  return {
    hash: (password) => bounded(() => hash(password, ARGON2_OPTIONS)),
    verify: (passwordHash, password) =>
      bounded(async () => {
        try {
          return await verify(passwordHash, password);
        } catch {
          return false;
        }
      }),
    async verifyNothing(password) {
      dummyHash ??= bounded(() =>
        hash(randomBytes(24).toString('base64url'), ARGON2_OPTIONS),
      ).catch((error: unknown) => {
        dummyHash = undefined; // a busy server must not poison every later unknown-e-mail check
        throw error;
      });
      const stored = await dummyHash;
      await bounded(async () => {
        try {
          await verify(stored, password);
        } catch {
          /* same cost either way */
        }
      });
      return false;
    },
  };
}
