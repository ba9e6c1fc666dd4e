// npm run backup / npm run restore (scripts/backup.mjs, scripts/restore.mjs): a deployment's database
// and uploads copied into a timestamped folder, restored into a NEW database and a new uploads folder,
// where the orders, tickets and users are row for row what they were and an uploaded image is byte for
// byte the same. PostgreSQL only (pg_dump/pg_restore). Run: npm run test:pg -- tests/pg/backup-restore.test.ts
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { runSeed } from '@/lib/server/db/seed';
import { localStorage } from '@/lib/server/storage';
import { isPostgresRun, useTestDatabase } from '../helpers/db';

const t = useTestDatabase();
const describePg = isPostgresRun() ? describe : describe.skip;
const work = mkdtempSync(path.join(tmpdir(), 'tribuna-backup-'));

function script(name: string, args: string[], env: Record<string, string>) {
  const run = spawnSync('node', [`scripts/${name}.mjs`, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Each table's rows in one fingerprint (count and an md5 of every row in id order). */
async function fingerprint(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const result: Record<string, { rows: number; digest: string }> = {};
    for (const table of ['users', 'orders', 'tickets']) {
      const [row] = await sql.unsafe(`select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as digest from ${table} t`);
      result[table] = { rows: row.rows, digest: row.digest };
    }
    return result;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describePg('backup and restore', () => {
  it('restores a backup into a new database and uploads folder with the same orders, tickets, users and images', async () => {
    await runSeed(t.db);
    const uploads = path.join(work, 'uploads');
    const image = new Uint8Array(Array.from({ length: 4096 }, (_, i) => (i * 7) % 256));
    const src = await localStorage(uploads).put('events/backup-check/picture.webp', image, 'image/webp');
    expect(src).toBe('/media/events/backup-check/picture.webp');
    const before = await fingerprint(t.url!);
    expect(before.orders.rows).toBeGreaterThan(0);
    expect(before.tickets.rows).toBeGreaterThan(0);

    const backups = path.join(work, 'backups');
    const made = script('backup', ['--out', backups], { DATABASE_URL: t.url!, UPLOADS_DIR: uploads });
    expect(made).toMatchObject({ status: 0 });
    const [folder] = readdirSync(backups);
    expect(folder).toMatch(/^tribuna-\d{8}T\d{6}Z$/);
    expect(readdirSync(path.join(backups, folder)).sort()).toEqual(['database.dump', 'manifest.json', 'uploads.tar.gz']);

    const name = `${new URL(t.url!).pathname.slice(1)}_restored`;
    const restoredUploads = path.join(work, 'restored-uploads');
    const restored = script('restore', [path.join(backups, folder), '--database', name, '--uploads', restoredUploads], { DATABASE_URL: t.url! });
    expect(restored).toMatchObject({ status: 0 });
    const target = new URL(t.url!);
    target.pathname = `/${name}`;
    try {
      expect(await fingerprint(target.toString())).toEqual(before);
      expect(new Uint8Array(readFileSync(path.join(restoredUploads, 'events/backup-check/picture.webp')))).toEqual(image);
      // Never over an existing database.
      const again = script('restore', [path.join(backups, folder), '--database', name, '--uploads', path.join(work, 'other')], { DATABASE_URL: t.url! });
      expect(again.status).toBe(1);
      expect(again.output).toContain(`the database ${name} exists already`);
    } finally {
      const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    }
  });

  it('keeps the newest backups only (--keep) and says where S3 uploads are instead of copying them', async () => {
    const backups = path.join(work, 'kept');
    for (let i = 0; i < 2; i++) {
      const made = script('backup', ['--out', backups, '--keep', '1'], { DATABASE_URL: t.url!, S3_BUCKET: 'tribuna-images' });
      expect(made).toMatchObject({ status: 0 });
      if (i === 0) await new Promise((resolve) => setTimeout(resolve, 1100)); // a new second: a new folder name
    }
    const folders = readdirSync(backups);
    expect(folders).toHaveLength(1);
    expect(existsSync(path.join(backups, folders[0], 'uploads.tar.gz'))).toBe(false);
    expect(readFileSync(path.join(backups, folders[0], 'uploads.txt'), 'utf8')).toContain('S3 bucket tribuna-images');
  });
});
