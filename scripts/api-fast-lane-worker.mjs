// A fast-lane thread (scripts/api-fast-lane.mjs): runs hold, release and scan requests through the hot
// API's bundle and sends back their answers. Its module instances (database pool, caches) are its own.
import { parentPort, workerData } from 'node:worker_threads';
import { LANE_POOL_SIZE, createLaneRunner, loadHotApi } from './api-fast-lane.mjs';

process.env.NODE_ENV = 'production';
// A lane thread's own database pool: DATABASE_POOL_SIZE when set, else 4, enough for the lane's short
// statements (README, Decisions: a small pool pipelines better) and few enough that a server with many
// cores stays well under PostgreSQL's max_connections (the main thread keeps its default of 10).
process.env.DATABASE_POOL_SIZE ||= String(LANE_POOL_SIZE);
const run = createLaneRunner(await loadHotApi(workerData.bundle));

parentPort.on('message', ({ id, request }) => {
  run(request).then(
    (answer) => parentPort.postMessage({ id, answer }),
    (error) => {
      console.error('fast lane request failed', request.method, request.url?.split('?')[0], error);
      parentPort.postMessage({ id, error: 'internal error' });
    },
  );
});
