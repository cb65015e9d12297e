interface ZodGlobal {
  __zod_globalConfig?: { jitless?: boolean };
}

/**
 * zod 4 compiles object parsers with `new Function` where it may, and finds out by trying
 * `new Function('')` once. Under our Content Security Policy (`script-src 'self'`, no
 * 'unsafe-eval') the try fails quietly, but Chrome reports it as a CSP violation in its Issues
 * panel, which costs the Lighthouse best-practices score (docs/decisions/128). `jitless` skips
 * the try. zod keeps its config in this global and adopts it when it loads, so main.tsx sets it
 * before any chunk with zod runs, without importing zod into the entry chunk; zod-jitless.test.ts
 * checks that zod still reads it.
 */
export function makeZodJitless(): void {
  const scope = globalThis as ZodGlobal;
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
}
