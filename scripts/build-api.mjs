// Bundles the hot API (lib/server/http/server-bundle.ts) into .tribuna/api.mjs, which the production
// server loads (scripts/serve.mjs): compiled from the same source as Next's build, with nothing of Next in
// it. Part of `npm run build`, `npm start` and the e2e server; it takes about a second.
// `import 'server-only'` resolves as in Next's server bundle (the react-server condition), `@/` through
// tsconfig.json. The database drivers stay outside: PGlite loads its WebAssembly from its own folder.
import { build } from 'esbuild';
import { API_BUNDLE } from './api-fast-lane.mjs';

export async function buildApi({ outfile = API_BUNDLE } = {}) {
  await build({
    entryPoints: ['lib/server/http/server-bundle.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['react-server'],
    external: ['@electric-sql/pglite', 'postgres'],
    // A CommonJS package inside an ES module bundle still calls require() for Node's own modules.
    banner: { js: "import { createRequire as __tribunaRequire } from 'node:module'; const require = __tribunaRequire(import.meta.url);" },
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return outfile;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  buildApi().then((outfile) => console.log(`hot API bundled into ${outfile} in ${Date.now() - started} ms`));
}
