// Writes e2e/api-operations.json: every operation of the one API app (method, path in Next's folder form,
// whether it reads a JSON body), for the Playwright suites that walk the API over HTTP and cannot load the
// server's modules themselves. Part of `npm run modules`; tests/unit/modules-assembled.test.ts fails while
// the committed file differs from what this writes.
import { writeFileSync } from 'node:fs';
import { apiOperations } from '@/lib/server/api/app';
import { isOtherBody } from '@/lib/server/api/operation';

export const OPERATIONS_FILE = 'e2e/api-operations.json';

export type ListedOperation = { method: string; template: string; readsJson: boolean };

/** The operations as the HTTP suites read them ('/api/v1/events/[id]/cart', as the folders used to name it). */
export function listedOperations(): ListedOperation[] {
  return apiOperations()
    .map((op) => ({
      method: op.method.toUpperCase(),
      template: op.path.replace(/\{([^}]+)\}/g, '[$1]'),
      // A JSON body the frame parses (a file's JSON text the handler reads itself, the venue layout, is not a form's).
      readsJson: op.body !== undefined && !isOtherBody(op.body),
    }))
    .sort((a, b) => a.template.localeCompare(b.template) || a.method.localeCompare(b.method));
}

export function listedText(): string {
  return `${JSON.stringify(listedOperations(), null, 2)}\n`;
}

if (process.argv[1]?.endsWith('list-operations.ts')) {
  writeFileSync(OPERATIONS_FILE, listedText());
  console.log(`wrote ${OPERATIONS_FILE}`);
}
