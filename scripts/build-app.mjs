// Next's production build, then V8's compile hint on the scripts every page runs at start. Every build of
// the app goes through here: `npm run build`, `npm start`, the e2e servers and the benches.
//
// Why the hint (issue 17, the event page's blocking time on a phone): V8 compiles a function lazily, on
// the main thread, the first time it is called. At hydration nearly every function of React, Next and the
// page's components is called, so the task that evaluates them spent more than half of its time compiling
// (V8.CompileCode in a Chrome trace of the event page at 4× CPU slowdown: ~100 of ~190 ms). The magic
// comment `//# allFunctionsCalledOnLoad` on a script's first line (V8's explicit compile hints, Chrome
// 136+) has the whole script compiled while it streams in, on a background thread. Other browsers read it
// as a comment. It goes only on first-load scripts (the root main files and each page's entry scripts, from
// Next's own manifests), where most functions do run at load: what every page loads after hydration or on
// use (the toasts, analytics, dialogs, other languages' messages) keeps V8's lazy compilation. A chunk one
// page loads at start carries the hint wherever it loads. The browser gets no source maps, so the added
// first line shifts none.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The scripts (paths under the dist dir, e.g. static/chunks/x.js) some page loads before it hydrates. */
export function firstLoadScripts(distDir) {
  const scripts = new Set(JSON.parse(readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8')).rootMainFiles);
  const manifests = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('_client-reference-manifest.js')) manifests.push(full);
    }
  };
  walk(path.join(distDir, 'server', 'app'));
  for (const file of manifests) {
    // Each manifest sets `globalThis.__RSC_MANIFEST["/route"] = {…}`; its entryJSFiles list, per layout
    // and page of the route, the scripts their client components need at start.
    const sandbox = {};
    sandbox.globalThis = sandbox;
    runInNewContext(readFileSync(file, 'utf8'), sandbox);
    for (const manifest of Object.values(sandbox.__RSC_MANIFEST ?? {}))
      for (const files of Object.values(manifest.entryJSFiles ?? {})) for (const f of files) scripts.add(f);
  }
  return [...scripts].filter((f) => f.endsWith('.js'));
}

/** Puts the compile hint on each first-load script that lacks it; answers how many it changed. */
export function addCompileHints(distDir) {
  let changed = 0;
  for (const script of firstLoadScripts(distDir)) {
    const file = path.join(distDir, script);
    if (!existsSync(file)) continue;
    const source = readFileSync(file, 'utf8');
    if (source.startsWith(COMPILE_HINT)) continue;
    writeFileSync(file, COMPILE_HINT + source);
    changed++;
  }
  return changed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const build = spawnSync('npx', ['next', 'build'], { stdio: 'inherit', env: process.env });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  console.log(`compile hint on ${addCompileHints(distDir)} first-load scripts in ${distDir}/static`);
}
