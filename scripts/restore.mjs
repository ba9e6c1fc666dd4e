// npm run restore -- <backup folder> --database <new name> [--uploads <folder>]
// Restores a backup made by npm run backup into a NEW database on the PostgreSQL server of DATABASE_URL
// (or --server <postgres URL of any database on the target server>) and its uploads into a new or empty
// folder (default: UPLOADS_DIR, else .data/uploads). It never writes over an existing database or
// non-empty folder: point the servers at the restored ones (DATABASE_URL, UPLOADS_DIR) and restart them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}

function fail(message) {
  console.error(`restore failed: ${message}`);
  process.exit(1);
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) fail(`${command} could not run (${result.error.message}); install it (Debian: apt-get install postgresql-client)`);
  if (result.status !== 0) fail(`${command} failed (exit ${result.status})`);
}

const folder = process.argv[2] && !process.argv[2].startsWith('--') ? path.resolve(process.argv[2]) : null;
const name = option('database');
const server = option('server', process.env.DATABASE_URL);
if (!folder || !name || !server) fail('usage: npm run restore -- <backup folder> --database <new database name> [--uploads <folder>] [--server <postgres URL>] (the server defaults to DATABASE_URL’s)');
if (!existsSync(path.join(folder, 'database.dump'))) fail(`${folder} has no database.dump: not a backup made by npm run backup`);
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) fail(`"${name}" is not a plain database name (lower-case letters, digits, underscores)`);
const uploads = path.resolve(option('uploads', process.env.UPLOADS_DIR || '.data/uploads'));
const tarball = path.join(folder, 'uploads.tar.gz');
if (existsSync(tarball) && existsSync(uploads) && readdirSync(uploads).length > 0) fail(`${uploads} is not empty; give --uploads a new folder`);

const target = new URL(server);
target.pathname = `/${name}`;
const admin = postgres(server, { max: 1, onnotice: () => {} });
try {
  const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
  if (exists) fail(`the database ${name} exists already; restore into a new one`);
  await admin.unsafe(`create database ${name}`);
} finally {
  await admin.end({ timeout: 5 });
}
// Owners and grants of the old server need not exist here: the restoring user owns everything.
run('pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', '--dbname', target.toString(), path.join(folder, 'database.dump')]);
if (existsSync(tarball)) {
  mkdirSync(uploads, { recursive: true });
  run('tar', ['-xzf', tarball, '-C', uploads]);
}
console.log(`restored into the database ${name}${existsSync(tarball) ? ` and ${uploads}` : ' (uploads: see uploads.txt in the backup)'}; set DATABASE_URL=${target.toString().replace(/\/\/[^@/]*@/, '//…@')} and restart the servers`);
