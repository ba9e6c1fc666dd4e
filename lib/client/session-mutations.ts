'use client';

// The session's calls that go through TanStack Query mutations (routes under components/layout/query-provider.tsx).
//
//   const signOut = useSignOut();   // clears locally even if the call fails

import { useMutation } from '@tanstack/react-query';
import { analytics } from './analytics';
import { api, ApiQueryError, type ApiFailure, type ApiResult } from './api-client';
import { clearSession, useSessionStore } from './session';

/** Sign-out (spec §4): POST /auth/signout, failures swallowed; the local session and analytics identity go regardless. */
export function useSignOut() {
  const session = useSessionStore();
  return useMutation({
    mutationFn: async () => {
      await api.post('/api/v1/auth/signout', undefined, { toast: false });
    },
    onSettled: () => {
      clearSession(session);
      analytics.reset();
    },
  });
}

/** Account removal: POST /auth/remove, failures swallowed; the local session goes regardless. */
export function useRemoveAccount() {
  const session = useSessionStore();
  return useMutation({
    mutationFn: async () => {
      await api.post('/api/v1/auth/remove', {}, { toast: false });
    },
    onSettled: () => {
      clearSession(session);
      analytics.reset();
    },
  });
}

/**
 * A TanStack mutation over the api client: `request` returns an ApiResult; a failure rejects with
 * ApiQueryError (status + failure) after the client has already toasted / cleared the session.
 *
 *   const redeem = useApiMutation((code: string) => api.post('/api/v1/tickets/redeem', { code }, { toast: [422] }));
 *   redeem.mutate(code, { onError: (e) => e instanceof ApiQueryError && setError('code', { message: e.failure.message }) });
 */
export function useApiMutation<TData, TVariables = void>(
  request: (variables: TVariables) => Promise<ApiResult<TData>>,
  options: { onSuccess?: (data: TData, variables: TVariables) => void; onError?: (failure: ApiFailure, status: number, variables: TVariables) => void } = {},
) {
  return useMutation<TData, ApiQueryError, TVariables>({
    mutationFn: async (variables) => {
      const result = await request(variables);
      if (!result.ok) throw new ApiQueryError(result.status, result.error);
      return result.data;
    },
    onSuccess: options.onSuccess,
    onError: (error, variables) => options.onError?.(error.failure, error.status, variables),
  });
}
