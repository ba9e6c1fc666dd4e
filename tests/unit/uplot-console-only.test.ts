// uPlot stays out of every fan's JavaScript (issue 16, "Charts"): only the console's chart component
// imports it, and only console screens use that component. The e2e journey (e2e/organiser-reports.spec.ts)
// checks the built pages' scripts as well.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOTS = ['app', 'components', 'lib'];
const sources = ROOTS.flatMap((root) =>
  (readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.(ts|tsx|mjs|js)$/.test(f)).map((f) => path.join(root, f)),
);
const importing = (pattern: RegExp) => sources.filter((file) => pattern.test(readFileSync(file, 'utf8')));

describe('uPlot is loaded by console screens only', () => {
  it('is imported by the console chart component alone', () => {
    expect(importing(/from ['"]uplot|import\(?['"]uplot|require\(['"]uplot/)).toEqual(['components/organiser/reports/report-chart.tsx']);
  });

  it('loads the library itself with a dynamic import (its types aside)', () => {
    const source = readFileSync('components/organiser/reports/report-chart.tsx', 'utf8');
    expect(source).toMatch(/import\('uplot'\)/);
    expect(source.match(/^import (?!type ).*from 'uplot';$/gm) ?? []).toEqual([]);
    expect(source).toMatch(/^import type uPlot from 'uplot';$/m);
  });

  it('has its chart component used only under the organiser console', () => {
    const users = importing(/organiser\/reports\/report-chart|from '\.\/report-chart'/);
    expect(users.length).toBeGreaterThan(0);
    expect(users.filter((file) => !file.startsWith('components/organiser/') && !file.startsWith(path.join('app', '[locale]', 'organiser')))).toEqual([]);
    // …and the components that use it are themselves used only by console pages.
    const viewers = importing(/organiser\/reports\/event-report-view|organiser\/reports\/overview-view/);
    expect(viewers.filter((file) => !file.startsWith(path.join('app', '[locale]', 'organiser')) && !file.startsWith('components/organiser/'))).toEqual([]);
  });
});
