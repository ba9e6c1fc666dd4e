// The fast lane for the API's hottest calls (used by ./server.ts): holding a seat, letting it go,
// and a gate scan. In an on-sale rush and at the gates these are most of the traffic, and Next's own
// request pipeline (routing, rewrites, header rules, the async contexts of an app route) costs more CPU
// than the work itself (README, "Decisions worth knowing": bench:scan, bench:onsale).
//
// The lane serves them with the hot API (lib/server/serving/hot-api.ts), a Hono app bundled from source by
// scripts/build-api.mjs into .tribuna/api.mjs: the same handlers the app's route.ts files export, so
// validation, authorisation and every rule are the ones `next dev` runs; only Next's dispatch is
// skipped. The answers carry the security headers next.config.ts gives Next's (lib/security-headers.ts).
// Nothing here reads Next's build.
//
// On PostgreSQL the lane runs in its own worker threads (FAST_LANE_THREADS, default one per core but
// one), so a rush of holds or scans does not queue behind the main thread's HTTP and pages; each thread
// has its own module instances and database pool; the event of a cart call hears of changes through
// PostgreSQL (lib/server/events/changed.ts). With the embedded PGlite, which lives in one thread,
// the lane runs in the main thread, where the bundle's modules and Next's share the database through
// globalThis (lib/server/db/client.ts).
import { existsSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { log } from '@/lib/server/ops/log';
import type { ThreadMetrics } from '@/lib/server/ops/metrics';
import { bodyLimitOf, refuseBodyTooLarge } from './request-guard';

/** Database connections of each lane thread unless DATABASE_POOL_SIZE says otherwise. */
export const LANE_POOL_SIZE = 4;

/** The hot API's bundle (lib/server/serving/api-bundle.ts, built by scripts/build-api.mjs). */
export type HotApi = {
  isHotApiCall(method: string, pathname: string): boolean;
  serveHotApi(request: Request): Promise<Response>;
  answerHeaders(env?: Record<string, string | undefined>): Record<string, string>;
  apiRouteOf(method: string, pathname: string): string | null;
  threadMetrics(): Promise<ThreadMetrics>;
  closeDatabase(): Promise<void>;
};

/** A request as a lane thread gets it: its body already read. */
export type LaneRequest = { method: string | undefined; url: string | undefined; host: string | undefined; rawHeaders: string[]; body: Uint8Array };
/** A lane's answer (a Uint8Array body when it came back from a thread). */
export type LaneAnswer = { status: number; headers: [string, string][]; cookies: string[]; body: Uint8Array };
/** What the main thread and a lane thread say to each other. */
export type LaneMessage = { id: number; request: LaneRequest } | { id: number; ask: 'metrics' | 'stop' };
export type LaneReply = { id: number; answer?: LaneAnswer; error?: string; metrics?: ThreadMetrics; stopped?: true };

/** The lane: null when the request is not a hot API call, else a promise settled once it is answered. */
export type FastLane = ((req: IncomingMessage, res: ServerResponse) => Promise<void> | null) & {
  /** Asks the hot API from inside the server (no socket). */
  call: (request: { method?: string; url: string; host?: string; headers?: Record<string, string | string[] | undefined> }) => Promise<{ status: number; body: Buffer }>;
  /** Ends the lane's threads, each after closing its database pool. */
  stop: () => Promise<unknown> | undefined;
  /** Every lane thread's counters (./lane-thread.ts answers), for the main thread's scrape. */
  threadMetrics: () => Promise<ThreadMetrics[]>;
};

/** The hot API's bundle: { isHotApiCall, serveHotApi, answerHeaders }. */
export async function loadHotApi(bundle: string): Promise<HotApi> {
  const file = path.resolve(bundle);
  if (!existsSync(file)) throw new Error(`fast lane: ${file} is missing; build it with \`npm run build\` (or node scripts/build-api.mjs)`);
  return (await import(pathToFileURL(file).href)) as HotApi;
}

/**
 * The Request a lane handler gets. Its body is already in memory, so text(), json() and arrayBuffer()
 * answer from it, without the web stream a Request's body is otherwise wrapped in and read back from.
 * The handlers read their body through lib/server/api/body.ts, which takes a stream-less body this way.
 */
class BufferedRequest extends Request {
  #bytes: Buffer;

  constructor(url: string, init: RequestInit, bytes: Buffer) {
    super(url, init);
    this.#bytes = bytes;
  }

  override async text(): Promise<string> {
    return this.#bytes.toString('utf8');
  }

  override async json(): Promise<unknown> {
    return JSON.parse(this.#bytes.toString('utf8'));
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#bytes.buffer.slice(this.#bytes.byteOffset, this.#bytes.byteOffset + this.#bytes.byteLength) as ArrayBuffer;
  }
}

/**
 * Runs lane requests through the hot API, in whichever thread calls it. A request is
 * { method, url, host, rawHeaders, body (bytes) }; the answer is
 * { status, headers: [name, value][], cookies: string[], body: Buffer }.
 */
export function createLaneRunner(api: HotApi): (request: LaneRequest) => Promise<LaneAnswer> {
  return async function run({ method, url, host, rawHeaders, body }) {
    const headers = new Headers();
    for (let i = 0; i < rawHeaders.length; i += 2) headers.append(rawHeaders[i], rawHeaders[i + 1]);
    const response = await api.serveHotApi(new BufferedRequest(`http://${host ?? 'localhost'}${url}`, { method, headers }, bytesOf(body)));
    const out: [string, string][] = [];
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie') out.push([key, value]);
    });
    return {
      status: response.status,
      headers: out,
      cookies: response.headers.getSetCookie(),
      body: response.body ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0),
    };
  };
}

type Thread = { worker: Worker; busy: number; alive: boolean };
type Waiting = { resolve: (reply: LaneReply) => void; reject: (error: Error) => void; thread: Thread };

/** How long a lane thread may take to close its pool at shutdown before it is terminated. */
const THREAD_STOP_MS = 5000;

/**
 * Lane threads (./lane-thread.ts, which scripts/build-api.mjs bundles beside the hot API), each request
 * to the live one with the fewest under way. A thread that dies fails what it was doing (the server
 * answers 500) and is started again a second later; while no thread is alive, the lane runs in this thread.
 */

function createThreadPool(api: HotApi, bundle: string, script: string, size: number) {
  const pending = new Map<number, Waiting>();
  let nextId = 0;
  let stopped = false;
  let local: ((request: LaneRequest) => Promise<LaneAnswer>) | null = null;
  const threads: Thread[] = [];
  function start(slot: number): Thread {
    // (The environment as this module sees it: Worker's default, but Jest's sandbox keeps its own.)
    const worker = new Worker(script, { workerData: { bundle }, env: process.env });
    const thread: Thread = { worker, busy: 0, alive: true };
    worker.on('message', (reply: LaneReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      thread.busy--;
      if (reply.error) waiting.reject(new Error(reply.error));
      else waiting.resolve(reply);
    });
    worker.on('error', (error) => log().error({ err: error }, 'fast lane thread failed'));
    worker.on('exit', () => {
      thread.alive = false;
      for (const [id, waiting] of pending) {
        if (waiting.thread === thread) {
          pending.delete(id);
          waiting.reject(new Error('fast lane thread exited'));
        }
      }
      if (!stopped) setTimeout(() => !stopped && (threads[slot] = start(slot)), 1000).unref();
    });
    worker.unref();
    return thread;
  }
  function ask(thread: Thread, message: Omit<LaneMessage, 'id'>): Promise<LaneReply> {
    const id = nextId++;
    thread.busy++;
    return new Promise<LaneReply>((resolve, reject) => {
      pending.set(id, { resolve, reject, thread });
      thread.worker.postMessage({ id, ...message } as LaneMessage);
    });
  }
  for (let i = 0; i < size; i++) threads.push(start(i));
  return {
    async run(request: LaneRequest): Promise<LaneAnswer> {
      const live = threads.filter((t) => t.alive);
      if (!live.length) return (local ??= createLaneRunner(api))(request);
      const reply = await ask(live.reduce((a, b) => (b.busy < a.busy ? b : a)), { request });
      if (!reply.answer) throw new Error('no answer');
      return reply.answer;
    },
    async threadMetrics(): Promise<ThreadMetrics[]> {
      const replies = await Promise.all(threads.filter((t) => t.alive).map((t) => ask(t, { ask: 'metrics' }).catch(() => null)));
      return replies.flatMap((reply) => (reply?.metrics ? [reply.metrics] : []));
    },
    stop() {
      stopped = true;
      // Each thread closes its pool and says so; one that does not in time is terminated all the same.
      return Promise.all(
        threads.map(async (t) => {
          if (t.alive) {
            const timer = new Promise((resolve) => setTimeout(resolve, THREAD_STOP_MS).unref());
            await Promise.race([ask(t, { ask: 'stop' }).catch(() => null), timer]);
          }
          return t.worker.terminate();
        }),
      );
    },
  };
}

/**
 * The body's bytes, or null once more than `limit` arrived (the rest is left unread: the answer closes
 * the connection). A declared Content-Length over the limit never gets here (./request-guard.ts).
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData);
      req.pause();
      resolve(null);
    };
    req.on('data', onData);
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A Buffer over bytes that came back from a thread (a Uint8Array there) without copying them. */
function bytesOf(body: Uint8Array): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/**
 * Lane threads by default: on PostgreSQL one per core but one, which the main thread keeps for HTTP
 * and pages (and the database, on the same machine); none on PGlite. Measured on the 2-core machine
 * (README, Decisions): one lane thread gave 1,540 scans/s and 500 holds/s, two gave 1,200 and 460:
 * every handoff between threads costs more CPU than the second thread won.
 */
export function defaultLaneThreads(env: Record<string, string | undefined> = process.env, cores: number = availableParallelism()): number {
  if (!env.DATABASE_URL) return 0;
  if (env.FAST_LANE_THREADS !== undefined && env.FAST_LANE_THREADS !== '') return Math.max(0, Number(env.FAST_LANE_THREADS) || 0);
  return Math.max(1, cores - 1);
}

/**
 * Returns `lane(req, res)`: null when the request is not a hot API call (the caller hands it to Next),
 * else a promise that settles once the lane has answered it; `lane.stop()` ends its threads.
 * `bundle` is the hot API's bundle and `laneThread` the lane thread's script (both written by
 * scripts/build-api.mjs); `threads` 0 runs the lane in this thread (no script needed).
 */
export async function createFastLane({ bundle, laneThread, threads = 0 }: { bundle: string; laneThread?: string; threads?: number }): Promise<FastLane> {
  const api = await loadHotApi(bundle);
  const securityHeaders = api.answerHeaders();
  if (threads > 0 && !(laneThread && existsSync(laneThread))) throw new Error(`fast lane: the lane thread's script ${laneThread} is missing; build it with \`npm run build\` (or node scripts/build-api.mjs)`);
  const pool = threads > 0 ? createThreadPool(api, path.resolve(bundle), path.resolve(laneThread!), threads) : null;
  const run = pool ? (request: LaneRequest) => pool.run(request) : createLaneRunner(api);

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req, bodyLimitOf(req));
    if (!body) return refuseBodyTooLarge(req, res);
    const result = await run({ method: req.method, url: req.url, host: req.headers.host, rawHeaders: req.rawHeaders, body });
    const out: OutgoingHttpHeaders = { ...securityHeaders };
    for (const [key, value] of result.headers) out[key] = value;
    if (result.cookies.length) out['set-cookie'] = result.cookies;
    let payload = bytesOf(result.body);
    // Reads (a fan's tickets run to tens of kilobytes) go gzipped to who accepts it, as Next sends them.
    if (req.method === 'GET' && payload.length > 1024 && !out['content-encoding'] && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      payload = gzipSync(payload, { level: 4 });
      out['content-encoding'] = 'gzip';
      out.vary = 'Accept-Encoding';
    }
    out['content-length'] = String(payload.length);
    res.writeHead(result.status, out);
    res.end(payload);
  }

  function lane(req: IncomingMessage, res: ServerResponse): Promise<void> | null {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    return api.isHotApiCall(req.method ?? 'GET', q < 0 ? url : url.slice(0, q)) ? answer(req, res) : null;
  }
  /**
   * Asks the hot API from inside the server (no socket): { method, url, host, headers } →
   * { status, body (bytes) }. The page cache asks a signed-in fan's user and tickets this way.
   */
  lane.call = async ({ method = 'GET', url, host, headers = {} }: Parameters<FastLane['call']>[0]) => {
    const rawHeaders: string[] = [];
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) rawHeaders.push(name, String(value));
    const result = await run({ method, url, host, rawHeaders, body: Buffer.alloc(0) });
    return { status: result.status, body: bytesOf(result.body) };
  };
  lane.stop = () => pool?.stop();
  lane.threadMetrics = () => pool?.threadMetrics() ?? Promise.resolve([]);
  return lane;
}
