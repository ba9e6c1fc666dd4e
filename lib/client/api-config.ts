// The api client's configuration (lib/client/api-client.ts), set by the app shell
// (components/auth/api-client-bridge.tsx) without loading the client itself.

type Translate = (key: string) => string;

const FALLBACK_TEXT: Record<string, string> = {
  'global.error.title': 'Error',
  'errors.noInternet': 'No internet connection',
  'errors.generic': 'Something went wrong. Please try again.',
};

export const apiConfig: {
  baseUrl: string;
  locale: string | null;
  translate: Translate;
  bearerToken: string | null;
  unauthorized: Set<() => void>;
} = {
  baseUrl: (process.env.NEXT_PUBLIC_API_BASE_URL ?? '').replace(/\/$/, ''),
  locale: null,
  translate: (key) => FALLBACK_TEXT[key] ?? key,
  bearerToken: null,
  unauthorized: new Set(),
};

/**
 * Wiring done once by the app shell (components/auth/api-client-bridge): the current locale and a
 * translator for toast texts. `bearerToken` is for non-cookie clients; the web uses its sealed cookie.
 */
export function configureApiClient(options: { locale?: string; translate?: Translate; baseUrl?: string; bearerToken?: string | null }) {
  if (options.locale !== undefined) apiConfig.locale = options.locale;
  if (options.translate) apiConfig.translate = options.translate;
  if (options.baseUrl !== undefined) apiConfig.baseUrl = options.baseUrl.replace(/\/$/, '');
  if (options.bearerToken !== undefined) apiConfig.bearerToken = options.bearerToken;
}

/** Called on every 401 answer (the session is gone). Returns an unsubscribe function. */
export function onUnauthorized(listener: () => void): () => void {
  apiConfig.unauthorized.add(listener);
  return () => apiConfig.unauthorized.delete(listener);
}
