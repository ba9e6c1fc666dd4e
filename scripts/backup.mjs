// npm run backup — one consistent copy of a deployment into a new timestamped folder:
//   database.dump   pg_dump of DATABASE_URL in its custom format (compressed; pg_restore restores it
//                   into any new database, tables, functions and drizzle's migration record included)
//   uploads.tar.gz  UPLOADS_DIR (default .data/uploads), the event images kept on local disk; with
//                   S3_BUCKET set the images are in the bucket instead, and uploads.txt says so: keep
//                   the bucket's own versioning or replication (the objects are never changed, only added)
//   manifest.json   when, which database, what is inside
// Options: --out <folder> (BACKUP_DIR, default .data/backups), --keep <n> (BACKUP_KEEP, default 14): the
// newest n backups in that folder are kept, older ones removed. Restore with npm run restore.
// Needs pg_dump of the server's major version or newer (Debian: postgresql-client).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) throw new Error(`${command} could not run (${result.error.message}); install it (Debian: apt-get install postgresql-client)`);
  if (result.status !== 0) throw new Error(`${command} failed (exit ${result.status})`);
}

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL is not set: npm run backup copies a PostgreSQL deployment (the embedded demo database is the folder .data/pglite; copy it while the server is stopped).');
  process.exit(1);
}
const root = path.resolve(option('out', process.env.BACKUP_DIR || '.data/backups'));
const keep = Number(option('keep', process.env.BACKUP_KEEP || 14));
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
const folder = path.join(root, `tribuna-${stamp}`);
mkdirSync(folder, { recursive: true, mode: 0o700 });

try {
  // One snapshot of the whole database (pg_dump reads in one repeatable-read transaction): the servers keep running.
  run('pg_dump', ['--format=custom', '--compress=6', '--file', path.join(folder, 'database.dump'), '--dbname', databaseUrl]);
  let uploads;
  if (process.env.S3_BUCKET) {
    uploads = { kind: 's3', bucket: process.env.S3_BUCKET };
    writeFileSync(
      path.join(folder, 'uploads.txt'),
      `Uploaded images are in the S3 bucket ${process.env.S3_BUCKET}${process.env.S3_ENDPOINT ? ` at ${process.env.S3_ENDPOINT}` : ''}, not in this backup.\n` +
        'Keep them with the bucket’s own versioning or replication; objects are only ever added under new names.\n',
    );
  } else {
    const dir = path.resolve(process.env.UPLOADS_DIR || '.data/uploads');
    mkdirSync(dir, { recursive: true });
    run('tar', ['-czf', path.join(folder, 'uploads.tar.gz'), '-C', dir, '.']);
    uploads = { kind: 'folder', dir };
  }
  const database = new URL(databaseUrl).pathname.replace(/^\//, '');
  writeFileSync(path.join(folder, 'manifest.json'), `${JSON.stringify({ made: new Date().toISOString(), database, uploads }, null, 2)}\n`);
} catch (error) {
  rmSync(folder, { recursive: true, force: true });
  console.error(`backup failed: ${error.message}`);
  process.exit(1);
}

// Retention: the newest `keep` complete backups stay.
const backups = readdirSync(root)
  .filter((name) => /^tribuna-\d{8}T\d{6}Z$/.test(name) && existsSync(path.join(root, name, 'manifest.json')))
  .sort()
  .reverse();
for (const old of Number.isFinite(keep) && keep > 0 ? backups.slice(keep) : []) rmSync(path.join(root, old), { recursive: true, force: true });

const size = readdirSync(folder).reduce((sum, name) => sum + statSync(path.join(folder, name)).size, 0);
console.log(`backup written to ${folder} (${(size / 1024 / 1024).toFixed(1)} MB)`);
