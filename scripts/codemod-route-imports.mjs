// One-off during the move to feature modules: a test that imported a route file's handler
// (`import { POST as signIn } from '@/app/api/v1/auth/signin/route'`) now calls the one API app through
// tests/helpers/api.ts, for the route files that no longer exist. Usage: node scripts/codemod-route-imports.mjs
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const files = readdirSync('tests', { recursive: true }).filter((f) => /\.tsx?$/.test(f)).map((f) => path.join('tests', f));
for (const file of files) {
  const source = readFileSync(file, 'utf8');
  const next = source.replace(/from '@\/app\/(api\/v1\/[^']*)\/route'/g, (whole, dir) => (existsSync(path.join('app', dir, 'route.ts')) ? whole : "from '@/tests/helpers/api'"));
  if (next !== source) {
    writeFileSync(file, next);
    console.log(`calls the app: ${file}`);
  }
}
