// A fast-lane thread (scripts/api-fast-lane.mjs): runs hold, release and scan requests through the
// build's route handlers and sends back their answers. Its module instances (database pool, caches)
// are its own; see the lane's header for what that allows.
import { parentPort, workerData } from 'node:worker_threads';
import { createLaneRunner } from './api-fast-lane.mjs';

process.env.NODE_ENV = 'production';
const run = createLaneRunner(workerData.distDir);

parentPort.on('message', ({ id, request }) => {
  run(request).then(
    (answer) => parentPort.postMessage({ id, answer }),
    (error) => {
      console.error('fast lane request failed', request.method, request.url?.split('?')[0], error);
      parentPort.postMessage({ id, error: 'internal error' });
    },
  );
});
