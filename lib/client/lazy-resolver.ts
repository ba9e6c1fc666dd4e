import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose schema and zod load on first use (the first validation: a submit, or
 * a field checked after one), not with the page: zod is the largest part of a form page's JavaScript,
 * and no first paint needs it (issue 17: sign-in/up first-load JS).
 *
 *   resolver: lazyResolver(() => import('./sign-in-resolver').then((m) => m.signInResolver)),
 */
export function lazyResolver<TInput extends FieldValues, TOutput>(load: () => Promise<Resolver<TInput, unknown, TOutput>>): Resolver<TInput, unknown, TOutput> {
  let loaded: Promise<Resolver<TInput, unknown, TOutput>> | null = null;
  return async (values, context, options) => {
    loaded ??= load().catch((error: unknown) => {
      loaded = null; // a failed load (offline) is tried again at the next validation
      throw error;
    });
    return (await loaded)(values, context, options);
  };
}
