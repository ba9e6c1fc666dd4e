import { CHUNK_RELOAD_THROTTLE_MS, isChunkLoadError, mayReload, reloadAfterChunkError } from '@/lib/client/chunk-reload';

function memoryStore() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

describe('chunk load failure reload', () => {
  it('recognises chunk load errors only', () => {
    expect(isChunkLoadError({ name: 'ChunkLoadError', message: 'Loading chunk 12 failed.' })).toBe(true);
    expect(isChunkLoadError(new Error('Failed to fetch dynamically imported module: /_next/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads once, then not again within 10 s, then again after', () => {
    const store = memoryStore();
    const reload = jest.fn();
    const t0 = 1_000_000;
    expect(reloadAfterChunkError(store, reload, t0)).toBe(true);
    expect(reloadAfterChunkError(store, reload, t0 + 1_000)).toBe(false);
    expect(reloadAfterChunkError(store, reload, t0 + CHUNK_RELOAD_THROTTLE_MS - 1)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadAfterChunkError(store, reload, t0 + CHUNK_RELOAD_THROTTLE_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('treats a clock that went backwards as a new window', () => {
    expect(mayReload(1_000, 50_000)).toBe(true);
    expect(mayReload(50_000, null)).toBe(true);
  });
});
