/** @jest-environment jsdom */
import { api, apiFetch, configureApiClient, errorDescription, onUnauthorized } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';

jest.mock('@/lib/client/toast', () => ({ notify: { error: jest.fn(), success: jest.fn(), info: jest.fn(), dismiss: jest.fn() } }));

type Answer = { status: number; body?: string; type?: string } | 'network-error' | 'hang';

function respond(answer: Exclude<Answer, 'network-error' | 'hang'>) {
  return {
    ok: answer.status >= 200 && answer.status < 300,
    status: answer.status,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? (answer.type ?? 'application/json') : null) },
    text: async () => answer.body ?? '',
  };
}

let fetchMock: jest.Mock;
function answers(...list: Answer[]) {
  fetchMock = jest.fn((_url: string, init: RequestInit) => {
    const next = list.length > 1 ? list.shift()! : list[0];
    if (next === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
    if (next === 'hang')
      return new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    return Promise.resolve(respond(next));
  });
  (globalThis as unknown as { fetch: unknown }).fetch = fetchMock;
}

const toast = notify.error as jest.Mock;
const t = (key: string) => ({ 'global.error.title': 'Chyba', 'errors.generic': 'Niečo sa pokazilo.', 'errors.noInternet': 'Nie je k dispozícii internetové pripojenie' })[key] ?? key;

beforeEach(() => {
  toast.mockClear();
  configureApiClient({ locale: 'sk', translate: t, baseUrl: '' });
  document.cookie = 'XSRF-TOKEN=abc%2B123; path=/';
  Object.defineProperty(window.navigator, 'onLine', { value: true, configurable: true });
});

describe('api client', () => {
  it('answers data on success and sends the XSRF header, Accept-Language and cookies', async () => {
    answers({ status: 200, body: '{"id":"u1"}' });
    const result = await api.post<{ id: string }>('/api/v1/auth/signin', { email: 'a@b.sk' });
    expect(result).toEqual({ ok: true, status: 200, data: { id: 'u1' }, error: null });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/auth/signin');
    const headers = init.headers as Headers;
    expect(headers.get('X-XSRF-TOKEN')).toBe('abc+123');
    expect(headers.get('Accept-Language')).toBe('sk');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"email":"a@b.sk"}');
  });

  it('prefixes the configured base URL and encodes the query', async () => {
    configureApiClient({ baseUrl: 'https://api.tribuna.sk/' });
    answers({ status: 200, body: '[]' });
    await api.get('/api/v1/events', { query: { q: 'Košice & co', page: 2, empty: '' } });
    expect(fetchMock.mock.calls[0][0]).toBe('https://api.tribuna.sk/api/v1/events?q=Ko%C5%A1ice+%26+co&page=2');
  });

  it('never throws on an error status: toast titled global.error.title with errors[0].message', async () => {
    answers({ status: 409, body: JSON.stringify({ message: 'general', code: 'EMAIL_TAKEN', errors: [{ field: 'email', message: 'Účet už existuje.' }] }) });
    const result = await api.post('/api/v1/auth/signup', {});
    expect(result.ok).toBe(false);
    expect(result.status).toBe(409);
    expect(result.error).toMatchObject({ code: 'EMAIL_TAKEN', message: 'Účet už existuje.', errors: [{ field: 'email', message: 'Účet už existuje.' }] });
    expect(toast).toHaveBeenCalledWith({ title: 'Chyba', description: 'Účet už existuje.' });
  });

  it('takes the description from a plain-text body first, then errors[0], then message', async () => {
    expect(errorDescription('Service down')).toBe('Service down');
    expect(errorDescription({ errors: [{ message: 'first' }], message: 'm' })).toBe('first');
    expect(errorDescription({ errors: [], message: 'm' })).toBe('m');
    expect(errorDescription(null)).toBeNull();
    answers({ status: 500, body: 'Service down', type: 'text/plain' });
    await api.get('/api/v1/events', { retries: 0 });
    expect(toast).toHaveBeenCalledWith({ title: 'Chyba', description: 'Service down' });
  });

  it('can leave chosen statuses to the caller (no toast)', async () => {
    answers({ status: 422, body: '{"message":"x","errors":[{"field":"email","message":"Neplatný email."}]}' });
    const result = await api.post('/api/v1/auth/signin', {}, { toast: [400, 422] });
    expect(result.ok).toBe(false);
    expect(toast).not.toHaveBeenCalled();
  });

  it('a 401 clears the session silently: listeners run, no toast', async () => {
    const listener = jest.fn();
    const off = onUnauthorized(listener);
    answers({ status: 401, body: '{"message":"Session ended","errors":[]}' });
    const result = await api.get('/api/v1/tickets');
    off();
    expect(result.status).toBe(401);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(toast).not.toHaveBeenCalled();
  });

  it('retries an idempotent request twice after network failures or 503, but never a POST', async () => {
    answers('network-error', { status: 503 }, { status: 200, body: '{"ok":true}' });
    const get = await api.get('/api/v1/events');
    expect(get.ok).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(3);

    answers('network-error');
    const failed = await api.get('/api/v1/events');
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(failed).toMatchObject({ ok: false, status: 0, error: { code: 'NETWORK' } });

    answers('network-error');
    const post = await api.post('/api/v1/tickets/redeem', { code: 'X' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(post.ok).toBe(false);
  });

  it('gives up after the timeout (10 s by default) and reports it', async () => {
    answers('hang');
    const result = await apiFetch('/api/v1/events', { timeoutMs: 30, retries: 0 });
    expect(result).toMatchObject({ ok: false, status: 0, error: { code: 'TIMEOUT' } });
    expect(toast).toHaveBeenCalledWith({ title: 'Chyba', description: 'Niečo sa pokazilo.' });
  });

  it('offline: the No internet connection toast in the current language', async () => {
    Object.defineProperty(window.navigator, 'onLine', { value: false, configurable: true });
    answers('network-error');
    const result = await api.get('/api/v1/events');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(result.error?.code).toBe('OFFLINE');
    expect(toast).toHaveBeenCalledWith({ id: 'offline', title: 'Nie je k dispozícii internetové pripojenie' });
  });
});
