// The registries are assembled from the feature modules, never edited by hand: the committed
// lib/server/api/{modules,failures}.generated.ts are what scripts/assemble-modules.mjs writes, every code
// has one row in one place, and every declared operation is complete (schemas, a known failure, a path
// nobody else answers).
import { readFileSync } from 'node:fs';
import { assembled } from '@/scripts/assemble-modules.mjs';
import { listedText, OPERATIONS_FILE } from '@/scripts/list-operations';
import { apiOperations } from '@/lib/server/api/app';
import { centralFailureRows, FAILURES } from '@/lib/server/api/failures';
import { failureRowsByModule } from '@/lib/server/api/failures.generated';
import { isOtherAnswer, isOtherBody } from '@/lib/server/api/operation';

describe('assembled registries', () => {
  it.each(Object.entries(assembled()))('%s is what the modules say (run `npm run modules`)', (file, text) => {
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('lists every operation for the HTTP suites as the modules declare them (run `npm run modules`)', () => {
    expect(readFileSync(OPERATIONS_FILE, 'utf8')).toBe(listedText());
  });

  it('has one row per failure code: no feature declares a code another feature or the central table declares', () => {
    const owners = new Map<string, string[]>();
    const tables: [string, Record<string, unknown>][] = [['api', centralFailureRows], ...Object.entries(failureRowsByModule)];
    for (const [owner, rows] of tables) for (const code of Object.keys(rows)) owners.set(code, [...(owners.get(code) ?? []), owner]);
    expect([...owners].filter(([, who]) => who.length > 1)).toEqual([]);
  });
});

describe('declared operations', () => {
  const operations = apiOperations();

  it('finds the modules’ operations (sanity: the assembly itself works)', () => {
    expect(operations.map((op) => `${op.method.toUpperCase()} ${op.path}`)).toEqual(expect.arrayContaining(['POST /api/v1/auth/signin', 'GET /api/v1/auth/me']));
  });

  it('declares each method and path once', () => {
    const keys = operations.map((op) => `${op.method} ${op.path.replace(/\{[^}]+\}/g, '{}')}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it.each(operations.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))('%s has an answer, its input schemas and known failures', (_name, op) => {
    expect(isOtherAnswer(op.answer) ? op.answer.type : typeof op.answer.safeParse).toMatch(/^(function|[a-z]+\/[a-z0-9.+-]+)$/);
    if (op.body) expect(isOtherBody(op.body) ? op.body.description.length : typeof op.body.safeParse).toBeTruthy();
    expect(op.summary.length).toBeGreaterThan(10);
    for (const code of op.failures) expect(FAILURES).toHaveProperty(code);
    const access = op.access;
    if (typeof access === 'object' && 'param' in access) expect(op.path).toContain(`{${access.param}}`);
  });
});
