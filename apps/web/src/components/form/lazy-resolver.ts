import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose validation code (zod and the schema) loads in its own chunk:
 * on the first validation, or earlier with `preload` (issue 7's JS budget keeps zod out of the
 * first render). The loaded resolver is kept for later calls.
 */
export const lazyResolver = <Input extends FieldValues, Output = Input>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
) => {
  let loading: Promise<Resolver<Input, unknown, Output>> | null = null;
  // A failed load (connection lost) is tried again on the next validation.
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await get())(values, context, options);
  return { resolver, preload: () => void get() };
};
