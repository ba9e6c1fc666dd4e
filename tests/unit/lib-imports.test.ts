// DESIGN.md §2: the serving code is typed TypeScript like the rest, and nothing in lib/ imports scripts/
// (scripts are launchers and tools that import lib/, never the other way round). Checked over the source
// text: every static import, re-export, dynamic import() and require() of every file under lib/.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const lib = path.join(root, 'lib');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Every module specifier a source file names. */
function specifiersOf(source: string): string[] {
  const found: string[] = [];
  const patterns = [/\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]/g];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1]);
  return found;
}

/** Whether a specifier, as written in `file`, names something in the repository's scripts/ folder. */
function namesScripts(file: string, specifier: string): boolean {
  if (specifier.startsWith('@/')) return specifier.slice(2).split('/')[0] === 'scripts';
  if (!specifier.startsWith('.')) return false;
  return path.relative(root, path.resolve(path.dirname(file), specifier)).split(path.sep)[0] === 'scripts';
}

const sources = filesUnder(lib).filter((file) => /\.(?:[cm]?[jt]sx?)$/.test(file));

describe('lib/', () => {
  it('holds source files (the scan sees them)', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(specifiersOf("import a from '@/scripts/x.mjs';\nexport { b } from '../scripts/y';\nawait import('@/scripts/z');")).toEqual(['@/scripts/x.mjs', '../scripts/y', '@/scripts/z']);
  });

  it('imports nothing from scripts/', () => {
    const offenders = sources.flatMap((file) =>
      specifiersOf(readFileSync(file, 'utf8'))
        .filter((specifier) => namesScripts(file, specifier))
        .map((specifier) => `${path.relative(root, file)} imports ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('is TypeScript: no plain JavaScript modules with hand-written types beside them', () => {
    const untyped = sources.filter((file) => /\.(?:mjs|cjs|js|d\.mts)$/.test(file)).map((file) => path.relative(root, file));
    expect(untyped).toEqual([]);
  });
});
