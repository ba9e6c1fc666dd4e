// npm run db:schema-snapshot -- <git ref> — records the columns, enums, unique indexes and database
// functions of the database as the release at <ref> migrates it (its own committed migrations and
// functions.sql, applied to a throw-away PGlite) in tests/fixtures/previous-release-schema.json.
// tests/integration/schema-compat.test.ts checks every migration since then against it
// (expand-then-contract). Run it at each release with the tag or commit just released, and commit the file.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { schemaColumns, schemaEnums, schemaFunctions, schemaUniqueIndexes } from '../lib/server/db/schema-columns';

const SNAPSHOT_FILE = 'tests/fixtures/previous-release-schema.json';

async function main() {
  const ref = process.argv[2];
  if (!ref) throw new Error('usage: npm run db:schema-snapshot -- <git ref of the last release>');
  const commit = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { encoding: 'utf8' }).trim();
  const folder = mkdtempSync(path.join(tmpdir(), 'tribuna-release-'));
  const client = new PGlite();
  try {
    // That release's migrations exactly as committed then.
    execFileSync('sh', ['-c', `git archive ${commit} lib/server/db/migrations | tar -x -C ${JSON.stringify(folder)}`]);
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: path.join(folder, 'lib/server/db/migrations') });
    // Its database functions, as its migrate applied them after the migrations (lib/server/db/client.ts).
    await client.exec(execFileSync('git', ['show', `${commit}:lib/server/db/functions.sql`], { encoding: 'utf8' }));
    const tables = await schemaColumns(db as never);
    const enums = await schemaEnums(db as never);
    const uniqueIndexes = await schemaUniqueIndexes(db as never);
    const functions = await schemaFunctions(db as never);
    // One line per column and per enum: a release's diff of this file reads as the schema's.
    const table = (columns: object) => `{\n${Object.entries(columns).map(([name, shape]) => `   ${JSON.stringify(name)}: ${JSON.stringify(shape)}`).join(',\n')}\n  }`;
    const lines = [
      `{\n "release": ${JSON.stringify(commit)},`,
      ` "tables": {\n${Object.entries(tables).map(([name, columns]) => `  ${JSON.stringify(name)}: ${table(columns)}`).join(',\n')}\n },`,
      ` "enums": {\n${Object.entries(enums).map(([name, labels]) => `  ${JSON.stringify(name)}: ${JSON.stringify(labels)}`).join(',\n')}\n },`,
      ` "uniqueIndexes": {\n${Object.entries(uniqueIndexes).map(([name, index]) => `  ${JSON.stringify(name)}: ${JSON.stringify(index)}`).join(',\n')}\n },`,
      ` "functions": {\n${Object.entries(functions).map(([signature, result]) => `  ${JSON.stringify(signature)}: ${JSON.stringify(result)}`).join(',\n')}\n }\n}\n`,
    ];
    writeFileSync(SNAPSHOT_FILE, lines.join('\n'));
    console.log(`${SNAPSHOT_FILE}: ${Object.keys(tables).length} tables of ${commit.slice(0, 10)}`);
  } finally {
    await client.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});
