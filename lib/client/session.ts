'use client';

// Client-side session state (spec §4): one TanStack Query entry, ['auth', 'me'], holding the
// signed-in user or null. The server seeds it before first render (<SessionSeed user={...} />
// rendered by app/[locale]/_auth/session-seed.tsx, or the user the page carries when it was answered
// from the shell signed-in fans share: lib/client/fan-data.ts), so nothing renders signed-out first.
//
//   const { user, status, signedIn } = useSession();   // status: 'loading' | 'signed-in' | 'signed-out'
//   const signOut = useSignOut();                        // clears locally even if the call fails
//
// Signed in only when a user AND a live session exist: the server answers the user only for a live
// session, and any 401 from any call clears it (lib/client/api-client.ts → onUnauthorized).

import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createElement, useEffect, useRef } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';
import { analytics } from './analytics';
import { api, ApiQueryError, type ApiFailure, type ApiResult } from './api-client';
import { fanDataOfPage } from './fan-data';
import { clearOfflineTickets } from './offline-tickets';
import type { SessionUser as SessionUserOutput, User } from '@/lib/schemas/auth';

/**
 * The signed-in user: as the API answers it (GET /api/v1/auth/me, `user` of sign-in/sign-up), or as the
 * server's pages seed it (without the verification state).
 */
export type SessionUser = SessionUserOutput & Partial<Pick<User, 'emailVerified' | 'pendingEmail'>>;

export const sessionQueryKey = ['auth', 'me'] as const;

/** GET /api/v1/auth/me; failures are swallowed (spec §8) and read as "no session". */
async function fetchMe(): Promise<SessionUser | null> {
  const result = await api.get<SessionUser>('/api/v1/auth/me', { toast: false });
  return result.ok ? result.data : null;
}

export type SessionState = { user: SessionUser | null; status: 'loading' | 'signed-in' | 'signed-out'; signedIn: boolean };

/** The current session. 'loading' only until the server's seed arrives; never flashes signed-out. */
export function useSession(): SessionState {
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: fetchMe,
    // The server seeds the value; refetching is explicit (sign-in, profile edits).
    enabled: false,
    staleTime: Infinity,
    gcTime: Infinity,
    initialData: () => fanDataOfPage<SessionUser>('me'),
  });
  // A shared shell's HTML was rendered for no one in particular: hydrate it as it was, then show the fan's own.
  const hydrated = useHydrated();
  if (query.data === undefined || (!hydrated && fanDataOfPage('me') !== undefined)) return { user: null, status: 'loading', signedIn: false };
  return query.data ? { user: query.data, status: 'signed-in', signedIn: true } : { user: null, status: 'signed-out', signedIn: false };
}

/** Drops the user and everything cached for them (tickets, carts, orders). */
export function clearSession(queryClient: QueryClient): void {
  // Ticket data and signing keys kept on the device for offline use go with the session.
  void clearOfflineTickets().catch(() => {});
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, null);
}

/** Records a fresh sign-in or sign-up: sets the user and identifies them to analytics (spec §4). */
export function startSession(queryClient: QueryClient, user: SessionUser): void {
  queryClient.setQueryData(sessionQueryKey, user);
  analytics.identify({ id: user.id });
}

/**
 * Seeds the session from the server render: the user it names, or (`fromPage`) the one the page carries
 * (lib/client/fan-data.ts), which the server's render of a shared shell leaves unknown. Renders nothing.
 */
export function SessionSeed(props: { user: SessionUser | null } | { fromPage: true }) {
  const user = 'fromPage' in props ? fanDataOfPage<SessionUser>('me') : props.user;
  return user === undefined ? null : createElement(Seed, { user });
}

function Seed({ user }: { user: SessionUser | null }) {
  const queryClient = useQueryClient();
  const seeded = useRef(false);
  if (!seeded.current) {
    seeded.current = true;
    // Seeding during the first render: the value is there before any effect of a sibling runs.
    if (queryClient.getQueryData(sessionQueryKey) === undefined) queryClient.setQueryData(sessionQueryKey, user);
  }
  useEffect(() => {
    // A server refresh (router.refresh after sign-in/out) hands a new user down.
    queryClient.setQueryData(sessionQueryKey, user);
  }, [queryClient, user]);
  const userId = user?.id;
  useEffect(() => {
    // Analytics keep their identity in memory only (spec §1): each full page load names the person again.
    if (userId) analytics.identify({ id: userId });
  }, [userId]);
  return null;
}

/** Sign-out (spec §4): POST /auth/signout, failures swallowed; the local session and analytics identity go regardless. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.post('/api/v1/auth/signout', undefined, { toast: false });
    },
    onSettled: () => {
      clearSession(queryClient);
      analytics.reset();
    },
  });
}

/** Account removal: POST /auth/remove, failures swallowed; the local session goes regardless. */
export function useRemoveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.post('/api/v1/auth/remove', {}, { toast: false });
    },
    onSettled: () => {
      clearSession(queryClient);
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
