// A fast-lane thread (./fast-lane.ts): runs hold, release and scan requests through the hot API's bundle
// and sends back their answers. Its module instances (database pool, caches, counters) are its own: it
// hands its counters to the main thread when asked (a scrape), and closes its pool when told to stop (a
// shutdown). The entry of its own bundle (scripts/build-api.mjs), which the main thread starts as a worker.
import { parentPort, workerData } from 'node:worker_threads';
import { log } from '@/lib/server/ops/log';
import { LANE_POOL_SIZE, createLaneRunner, loadHotApi, type LaneMessage, type LaneReply } from './fast-lane';

/** The request id the main thread put on the request (lib/server/serving/server.ts). */
function requestIdOf(rawHeaders: string[]): string | undefined {
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i].toLowerCase() === 'x-request-id') return rawHeaders[i + 1];
  return undefined;
}

async function serveLane(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('lane-thread: not started as a worker thread');
  // (NODE_ENV is read-only in Next's types; this process is the production server.)
  Object.assign(process.env, { NODE_ENV: 'production' });
  // A lane thread's own database pool: DATABASE_POOL_SIZE when set, else 4, enough for the lane's short
  // statements (README, Decisions: a small pool pipelines better) and few enough that a server with many
  // cores stays well under PostgreSQL's max_connections (the main thread keeps its default of 10).
  process.env.DATABASE_POOL_SIZE ||= String(LANE_POOL_SIZE);
  const api = await loadHotApi((workerData as { bundle: string }).bundle);
  const run = createLaneRunner(api);

  port.on('message', (message: LaneMessage) => {
    const { id } = message;
    if ('ask' in message) {
      if (message.ask === 'metrics') api.threadMetrics().then((metrics) => port.postMessage({ id, metrics } satisfies LaneReply));
      else api.closeDatabase().finally(() => port.postMessage({ id, stopped: true } satisfies LaneReply));
      return;
    }
    const { request } = message;
    run(request).then(
      (answer) => port.postMessage({ id, answer } satisfies LaneReply),
      (error: unknown) => {
        log().error({ err: error, requestId: requestIdOf(request.rawHeaders), method: request.method, route: api.apiRouteOf(request.method ?? 'GET', request.url?.split('?')[0] ?? '/') }, 'fast lane request failed');
        port.postMessage({ id, error: 'internal error' } satisfies LaneReply);
      },
    );
  });
}

await serveLane();
