// A fast-lane thread (./fast-lane.ts): runs hold, release and scan requests through the hot API's bundle
// and sends back their answers. Its module instances (database pool, caches) are its own. The entry of
// its own bundle (scripts/build-api.mjs), which the main thread starts as a worker.
import { parentPort, workerData } from 'node:worker_threads';
import { LANE_POOL_SIZE, createLaneRunner, loadHotApi, type LaneMessage, type LaneReply } from './fast-lane';

async function serveLane(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('lane-thread: not started as a worker thread');
  // (NODE_ENV is read-only in Next's types; this process is the production server.)
  Object.assign(process.env, { NODE_ENV: 'production' });
  // A lane thread's own database pool: DATABASE_POOL_SIZE when set, else 4, enough for the lane's short
  // statements (README, Decisions: a small pool pipelines better) and few enough that a server with many
  // cores stays well under PostgreSQL's max_connections (the main thread keeps its default of 10).
  process.env.DATABASE_POOL_SIZE ||= String(LANE_POOL_SIZE);
  const run = createLaneRunner(await loadHotApi((workerData as { bundle: string }).bundle));

  port.on('message', ({ id, request }: LaneMessage) => {
    run(request).then(
      (answer) => port.postMessage({ id, answer } satisfies LaneReply),
      (error: unknown) => {
        console.error('fast lane request failed', request.method, request.url?.split('?')[0], error);
        port.postMessage({ id, error: 'internal error' } satisfies LaneReply);
      },
    );
  });
}

await serveLane();
