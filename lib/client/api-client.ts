// The ONE HTTP client of the web app (spec §7, §8). Every call to /api/v1 goes through here.
//
//   const result = await api.get<EventList>('/api/v1/events', { query: { q } });
//   if (result.ok) use(result.data); else result.error.message / result.error.errors
//
// - never throws on an error status: it answers { ok, status, data, error };
// - base URL from NEXT_PUBLIC_API_BASE_URL, default same origin; cookies are sent;
// - 10 s timeout; 2 retries for idempotent methods (GET/HEAD/OPTIONS/PUT/DELETE) after a network
//   failure, a timeout or a 502/503/504 — never for POST/PATCH;
// - sends X-XSRF-TOKEN from the XSRF-TOKEN cookie and Accept-Language of the current locale;
// - 401 → the session is cleared silently (listeners from onUnauthorized), no toast;
// - any other failure → a toast titled global.error.title whose description is the plain-text body,
//   else errors[0].message, else message. Pass `toast: false` (or a status list) when the caller
//   shows the error itself, e.g. as form field errors;
// - offline → the 'No internet connection' toast.

import { cookieFrom, XSRF_COOKIE } from '@/lib/cookies';
import { apiConfig as config } from './api-config';
import { notify } from './toast';

/** One entry of a failure's `errors`: a field's message, or a taken seat's (with its `id`). */
export type ApiFieldError = { field?: string; id?: string; message: string };

/** What a failed call tells you. status 0 = no answer (offline, timeout, aborted). */
export type ApiFailure = {
  message: string;
  code: string | null;
  errors: ApiFieldError[];
  /** The raw body: parsed JSON, text, or null. */
  body: unknown;
};

export type ApiResult<T> =
  | { ok: true; status: number; data: T; error: null }
  | { ok: false; status: number; data: null; error: ApiFailure };

export type ApiRequestOptions = {
  method?: 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialised unless it is FormData, a Blob or a string. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** false = never toast; an array = do not toast these statuses (the caller shows them). Default true. */
  toast?: boolean | number[];
  /** Defaults: 10 000 ms. */
  timeoutMs?: number;
  /** Defaults: 2 for idempotent methods, 0 otherwise (a POST is never retried). */
  retries?: number;
};

const API_TIMEOUT_MS = 10_000;
const API_RETRIES = 2;
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
const RETRY_STATUSES = new Set([502, 503, 504]);
export { XSRF_COOKIE };
export const XSRF_HEADER = 'X-XSRF-TOKEN';

// The client's wiring (locale, translator, 401 listeners) lives in ./api-config, which the app shell sets
// up without loading this module: pages that call no API load no api client.
export { configureApiClient, onUnauthorized } from './api-config';

function readCookie(name: string): string | null {
  return typeof document === 'undefined' ? null : cookieFrom(document.cookie, name);
}

function currentLocale(): string | null {
  if (config.locale) return config.locale;
  if (typeof document !== 'undefined' && document.documentElement.lang) return document.documentElement.lang;
  return null;
}

function buildUrl(path: string, query?: ApiRequestOptions['query']): string {
  const base = /^https?:\/\//.test(path) ? '' : config.baseUrl;
  let url = `${base}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string' || body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return null;
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text().catch(() => '');
  if (!text) return null;
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Spec §8: the plain-text body, else the first errors[] message, else a message field. */
export function errorDescription(body: unknown): string | null {
  if (typeof body === 'string') return body.trim() ? body.trim().slice(0, 500) : null;
  if (body && typeof body === 'object') {
    const { errors, message } = body as { errors?: unknown; message?: unknown };
    if (Array.isArray(errors) && errors[0] && typeof (errors[0] as { message?: unknown }).message === 'string') return (errors[0] as { message: string }).message;
    if (typeof message === 'string' && message) return message;
  }
  return null;
}

function failure(body: unknown, fallbackMessage: string): ApiFailure {
  const object = body && typeof body === 'object' ? (body as { code?: unknown; errors?: unknown }) : null;
  const errors = Array.isArray(object?.errors)
    ? (object.errors as unknown[]).filter((e): e is ApiFieldError => !!e && typeof (e as ApiFieldError).message === 'string')
    : [];
  return {
    message: errorDescription(body) ?? fallbackMessage,
    code: typeof object?.code === 'string' ? object.code : null,
    errors,
    body,
  };
}

function shouldToast(option: ApiRequestOptions['toast'], status: number): boolean {
  if (option === false) return false;
  if (Array.isArray(option)) return !option.includes(status);
  return true;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The one request function. Never throws. */
export async function apiFetch<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<ApiResult<T>> {
  const method = options.method ?? 'GET';
  const retries = options.retries ?? (IDEMPOTENT.has(method) ? API_RETRIES : 0);
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  const t = config.translate;

  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json, text/plain;q=0.9, */*;q=0.5');
  const locale = currentLocale();
  if (locale && !headers.has('Accept-Language')) headers.set('Accept-Language', locale);
  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf) headers.set(XSRF_HEADER, xsrf);
  if (config.bearerToken && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${config.bearerToken}`);
  let body: BodyInit | undefined;
  try {
    body = encodeBody(options.body, headers);
  } catch {
    return { ok: false, status: 0, data: null, error: { message: t('errors.generic'), code: 'CLIENT', errors: [], body: null } };
  }
  const url = buildUrl(path, options.query);

  for (let attempt = 0; ; attempt++) {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const abortFromCaller = () => controller.abort();
    options.signal?.addEventListener('abort', abortFromCaller);
    try {
      const response = await fetch(url, { method, headers, body, credentials: 'include', signal: controller.signal, cache: 'no-store' });
      const parsed = await readBody(response);
      if (response.ok) return { ok: true, status: response.status, data: parsed as T, error: null };
      if (RETRY_STATUSES.has(response.status) && attempt < retries) {
        await sleep(300 * (attempt + 1));
        continue;
      }
      const error = failure(parsed, t('errors.generic'));
      if (response.status === 401) {
        // Spec §4/§8: the session is gone; clear it without a word.
        for (const listener of config.unauthorized) {
          try {
            listener();
          } catch {
            /* a listener's failure must not break the call */
          }
        }
      } else if (shouldToast(options.toast, response.status)) {
        notify.error({ title: t('global.error.title'), description: errorDescription(parsed) ?? t('errors.generic') });
      }
      return { ok: false, status: response.status, data: null, error };
    } catch {
      if (options.signal?.aborted) {
        return { ok: false, status: 0, data: null, error: { message: t('errors.generic'), code: 'ABORTED', errors: [], body: null } };
      }
      if (attempt < retries && !isOffline()) {
        await sleep(300 * (attempt + 1));
        continue;
      }
      const offline = isOffline();
      const message = offline ? t('errors.noInternet') : t('errors.generic');
      if (shouldToast(options.toast, 0)) {
        if (offline) notify.error({ id: 'offline', title: message });
        else notify.error({ title: t('global.error.title'), description: message });
      }
      return { ok: false, status: 0, data: null, error: { message, code: offline ? 'OFFLINE' : timedOut ? 'TIMEOUT' : 'NETWORK', errors: [], body: null } };
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abortFromCaller);
    }
  }
}

type Shortcut = Omit<ApiRequestOptions, 'method' | 'body'>;

/** Shortcuts: api.get(path), api.post(path, body), … — same result shape as apiFetch. */
export const api = {
  get: <T = unknown>(path: string, options?: Shortcut) => apiFetch<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Shortcut) => apiFetch<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Shortcut) => apiFetch<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Shortcut) => apiFetch<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: Shortcut & { body?: unknown }) => apiFetch<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * For TanStack Query: a queryFn that resolves with the data or throws an ApiQueryError (queries need
 * a rejection to enter their error state). The toast/401 handling has already happened by then.
 *
 *   useQuery({ queryKey: ['events', q], queryFn: apiQuery<EventList>('/api/v1/events', { query: { q } }) })
 */
export class ApiQueryError extends Error {
  constructor(
    readonly status: number,
    readonly failure: ApiFailure,
  ) {
    super(failure.message);
  }
}

export function apiQuery<T>(path: string, options?: Shortcut) {
  return async ({ signal }: { signal?: AbortSignal }): Promise<T> => {
    const result = await apiFetch<T>(path, { ...options, method: 'GET', signal });
    if (!result.ok) throw new ApiQueryError(result.status, result.error);
    return result.data;
  };
}
