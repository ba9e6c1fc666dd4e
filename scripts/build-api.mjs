// Bundles the production server's TypeScript into .tribuna/, from the same source as Next's build and
// with nothing of Next's build in it; the production server runs them with plain `node`:
// - api.mjs: the hot API (lib/server/serving/api-bundle.ts), which the fast lane serves;
// - lane-thread.mjs: a fast-lane thread (lib/server/serving/lane-thread.ts), which loads api.mjs;
// - serve.mjs: the serving code (lib/server/serving/server.ts: request guard, page cache, fast lane,
//   client address), which scripts/serve.mjs starts. Next itself stays outside: it is loaded from
//   node_modules, as `next start` would.
// Part of `npm run build`, `npm start`, the e2e servers and the benches; it takes about a second.
// `import 'server-only'` resolves as in Next's server bundle (the react-server condition), `@/` through
// tsconfig.json. The database drivers stay outside: PGlite loads its WebAssembly from its own folder.
import path from 'node:path';
import { build } from 'esbuild';

/** Where the bundles go. */
export const BUILD_DIR = '.tribuna';
/** The files scripts/serve.mjs starts the server with (their names in BUILD_DIR). */
export const API_BUNDLE = `${BUILD_DIR}/api.mjs`;
export const LANE_THREAD = `${BUILD_DIR}/lane-thread.mjs`;
export const SERVE_BUNDLE = `${BUILD_DIR}/serve.mjs`;

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  conditions: ['react-server'],
  // A CommonJS package inside an ES module bundle still calls require() for Node's own modules.
  banner: { js: "import { createRequire as __tribunaRequire } from 'node:module'; const require = __tribunaRequire(import.meta.url);" },
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
};

/**
 * Writes the three bundles into `dir` (the test suite builds its own) and answers their paths:
 * { api, laneThread, serve }.
 */
export async function buildApi({ dir = BUILD_DIR } = {}) {
  const out = { api: path.join(dir, 'api.mjs'), laneThread: path.join(dir, 'lane-thread.mjs'), serve: path.join(dir, 'serve.mjs') };
  // pdfkit reads its font metrics from its own folder (documents/pdf.ts): it stays outside too.
  const drivers = ['@electric-sql/pglite', 'postgres', 'pdfkit'];
  await Promise.all([
    build({ ...common, entryPoints: ['lib/server/serving/api-bundle.ts'], outfile: out.api, external: drivers }),
    build({ ...common, entryPoints: ['lib/server/serving/lane-thread.ts'], outfile: out.laneThread, external: drivers }),
    // Next, as `next start` loads it; no database: the page cache hears of changes through the app's LISTEN.
    build({ ...common, entryPoints: ['lib/server/serving/server.ts'], outfile: out.serve, external: ['next', ...drivers] }),
  ]);
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  buildApi().then((out) => console.log(`hot API and server bundled into ${path.dirname(out.api)}/ in ${Date.now() - started} ms`));
}
