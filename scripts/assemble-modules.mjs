// Writes the two assembled registries of the API from the feature folders, so that nobody edits a
// central list to add a feature (DESIGN.md §2):
//   lib/server/api/modules.generated.ts  — every lib/server/<feature>/module.ts (operations, jobs)
//   lib/server/api/failures.generated.ts — every lib/server/<feature>/failures.ts (failure rows)
// Run by `npm run modules`, and before builds, dev and type checks; tests/unit/modules-assembled.test.ts
// fails while the committed files differ from what this writes.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SERVER = 'lib/server';
const OUT = 'lib/server/api';
/** Folders of lib/server that are the frame, not features. */
const FRAME = new Set(['api', 'db', 'http']);

const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());

function features(file, root = process.cwd()) {
  return readdirSync(path.join(root, SERVER), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !FRAME.has(entry.name) && existsSync(path.join(root, SERVER, entry.name, file)))
    .map((entry) => entry.name)
    .sort();
}

const HEADER = (what) => `// Assembled by scripts/assemble-modules.mjs from ${what}: do not edit (npm run modules).\n`;

/** The two files' text, from the folders under `root`. */
export function assembled(root = process.cwd()) {
  const modules = features('module.ts', root);
  const failures = features('failures.ts', root);
  const modulesText =
    HEADER('lib/server/*/module.ts') +
    "import 'server-only';\n" +
    "import type { Module } from './operation';\n" +
    modules.map((name) => `import ${camel(name)} from '@/lib/server/${name}/module';\n`).join('') +
    `\nexport const apiModules: readonly Module[] = [${modules.map(camel).join(', ')}];\n`;
  const failuresText =
    HEADER('lib/server/*/failures.ts') +
    failures.map((name) => `import { failures as ${camel(name)}, type Codes as ${camel(name)}Codes } from '@/lib/server/${name}/failures';\n`).join('') +
    `\n/** The failure codes the features' domain functions return. */\nexport type ModuleFailureCode = ${failures.length ? failures.map((name) => `${camel(name)}Codes`).join(' | ') : 'never'};\n` +
    `\n/** The features' failure rows, each feature's own. */\nexport const moduleFailures = { ${failures.map((name) => `...${camel(name)}`).join(', ')} } as const;\n` +
    `\n/** Which feature declares each row (a code declared twice is a test failure). */\nexport const failureRowsByModule = { ${failures.map((name) => `'${name}': ${camel(name)}`).join(', ')} } as const;\n`;
  return { [path.join(OUT, 'modules.generated.ts')]: modulesText, [path.join(OUT, 'failures.generated.ts')]: failuresText };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [file, text] of Object.entries(assembled())) {
    const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (before !== text) {
      writeFileSync(file, text);
      console.log(`wrote ${file}`);
    }
  }
}
