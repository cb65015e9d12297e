import { expect, test } from 'vitest';
import { z } from 'zod';
import { makeZodJitless } from './zod-jitless.ts';

test('zod reads the jitless flag makeZodJitless sets', () => {
  const before = z.config().jitless;
  try {
    makeZodJitless();
    expect(z.config().jitless).toBe(true);
  } finally {
    z.config({ jitless: before });
  }
});
