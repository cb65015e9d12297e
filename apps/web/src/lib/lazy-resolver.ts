import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A react-hook-form resolver that validates with a zod schema loaded later (docs/decisions/450):
 * the form draws without zod, and `@hookform/resolvers/zod` with the schema are imported when the
 * form is first validated, or earlier with `preload()` (a form calls it once it is drawn). It then
 * validates with `zodResolver(schema)` itself, so the messages and the values handed to the submit
 * are the schema's, as before. A load that fails is tried again on the next validation.
 */
export function lazyResolver<Input extends FieldValues, Output = Input>(
  loadSchema: () => Promise<ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> & { preload: () => void } {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const load = () =>
    (loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as Resolver<Input, unknown, Output>,
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await load())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      load().catch(() => undefined);
    },
  });
}
