'use client';

// Client-side session state (spec §4): the signed-in user or null, in a small store each React root
// holds (SessionProvider, rendered by components/layout/providers.tsx: one per request on the server,
// one for the tab in the browser). The server seeds it before first render (<SessionSeed user={...} />
// rendered by app/[locale]/_auth/session-seed.tsx, or the user the page carries when it was answered
// from the shell signed-in fans share: lib/client/fan-data.ts), so nothing renders signed-out first.
// It is not a TanStack Query entry so that pages without server state on the client (home, events
// list) load no query library at all: queries live in components/layout/query-provider.tsx, under the
// routes that use them.
//
//   const { user, status, signedIn } = useSession();   // status: 'loading' | 'signed-in' | 'signed-out'
//   const session = useSessionStore();                   // startSession(session, user), clearSession(session)
//
// Signed in only when a user AND a live session exist: the server answers the user only for a live
// session, and any 401 from any call clears it (lib/client/api-client.ts → onUnauthorized).

import { createContext, createElement, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useHydrated } from './use-hydrated';
import { analytics } from './analytics';
import { fanDataOfPage } from './fan-data';
import type { SessionUser as SessionUserOutput, User } from '@/lib/schemas/auth';

/**
 * The signed-in user: as the API answers it (GET /api/v1/auth/me, `user` of sign-in/sign-up), or as the
 * server's pages seed it (without the verification state).
 */
export type SessionUser = SessionUserOutput & Partial<Pick<User, 'emailVerified' | 'pendingEmail'>>;

/** undefined: not known yet (before the seed); null: signed out. */
export type SessionStore = {
  get(): SessionUser | null | undefined;
  set(user: SessionUser | null): void;
  /** Sets the value only while it is unknown, telling no one: for the seed, during a render. */
  seed(user: SessionUser | null): void;
  subscribe(listener: () => void): () => void;
};

function createSessionStore(): SessionStore {
  let value: SessionUser | null | undefined;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(user) {
      value = user;
      for (const listener of [...listeners]) listener();
    },
    seed(user) {
      if (value === undefined) value = user;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const SessionContext = createContext<SessionStore | null>(null);

/** One session store for what it wraps (the locale layout's providers). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createSessionStore);
  return createElement(SessionContext.Provider, { value: store }, children);
}

export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSessionStore outside SessionProvider');
  return store;
}

export type SessionState = { user: SessionUser | null; status: 'loading' | 'signed-in' | 'signed-out'; signedIn: boolean };

/** The current session. 'loading' only until the server's seed arrives; never flashes signed-out. */
export function useSession(): SessionState {
  const store = useSessionStore();
  const stored = useSyncExternalStore(store.subscribe, store.get, store.get);
  const data = stored !== undefined ? stored : fanDataOfPage<SessionUser>('me');
  // A shared shell's HTML was rendered for no one in particular: hydrate it as it was, then show the fan's own.
  const hydrated = useHydrated();
  if (data === undefined || (!hydrated && fanDataOfPage('me') !== undefined)) return { user: null, status: 'loading', signedIn: false };
  return data ? { user: data, status: 'signed-in', signedIn: true } : { user: null, status: 'signed-out', signedIn: false };
}

// What the TanStack Query client holds for the fan (tickets, carts, orders), where a route loaded one
// (lib/client/query-client.ts registers it): it goes with the session.
let forgetFanQueries: (() => void) | null = null;
export function onSessionCleared(forget: () => void): void {
  forgetFanQueries = forget;
}

/** Drops the user and everything cached for them (tickets, carts, orders). */
export function clearSession(store: SessionStore): void {
  // Ticket data and signing keys kept on the device for offline use go with the session.
  // (Loaded on sign-out only: no first paint needs the device's ticket store.)
  void import('./offline-tickets').then((m) => m.clearOfflineTickets()).catch(() => {});
  forgetFanQueries?.();
  store.set(null);
}

/** Records a fresh sign-in or sign-up: sets the user and identifies them to analytics (spec §4). */
export function startSession(store: SessionStore, user: SessionUser): void {
  store.set(user);
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
  const store = useSessionStore();
  const seeded = useRef(false);
  if (!seeded.current) {
    seeded.current = true;
    // Seeding during the first render: the value is there before any effect of a sibling runs.
    store.seed(user);
  }
  useEffect(() => {
    // A server refresh (router.refresh after sign-in/out) hands a new user down.
    if (store.get() !== user) store.set(user);
  }, [store, user]);
  const userId = user?.id;
  useEffect(() => {
    // Analytics keep their identity in memory only (spec §1): each full page load names the person again.
    if (userId) analytics.identify({ id: userId });
  }, [userId]);
  return null;
}
