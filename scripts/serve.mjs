// npm run serve — the production server on an existing build (`npm start` builds, seeds and then runs
// this). The server is TypeScript (lib/server/serving/server.ts), bundled by scripts/build-api.mjs into
// .tribuna/serve.mjs; this starts it with plain `node`, bundling it first when there is no bundle.
// PORT, HOSTNAME, PAGE_CACHE_MS, TRUST_PROXY, FAST_LANE, FAST_LANE_THREADS, and the operating ones (METRICS_PORT,
// METRICS_HOST, METRICS_TOKEN, LOG_LEVEL, SHUTDOWN_GRACE_MS, SHUTDOWN_DELAY_MS): lib/server/serving/server.ts.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { API_BUNDLE, LANE_THREAD, SERVE_BUNDLE, buildApi } from './build-api.mjs';

process.env.NODE_ENV = 'production';
if (![API_BUNDLE, LANE_THREAD, SERVE_BUNDLE].every((file) => existsSync(file))) await buildApi();
const { startServer } = await import(pathToFileURL(path.resolve(SERVE_BUNDLE)).href);
await startServer({ apiBundle: API_BUNDLE, laneThread: LANE_THREAD });
