// Uploads on S3-compatible storage, end to end against a real S3 API: s3rver (a dev dependency) started
// by this file on a free port, the bucket made at its start. An organiser uploads an event image through
// the API operation; the event's public API gives the image's URL on the bucket, the bytes read back
// there are the WebP the app made, and removing the image deletes the object. What several hosts need:
// an image uploaded through one is read from the bucket by every other (README, Deploying).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import S3rver from 's3rver';
import { DELETE, GET, POST } from '@/tests/helpers/api';
import { runSeed } from '@/lib/server/db/seed';
import { orgIdOfSlug, makeCast, type Cast } from '../helpers/organiser';
import { auth, eventBySlug, params } from '../helpers/tickets';
import { useTestDatabase } from '../helpers/db';

const t = useTestDatabase();
const BUCKET = 'tribuna-images';
const directory = mkdtempSync(path.join(tmpdir(), 'tribuna-s3rver-'));
const localUploads = mkdtempSync(path.join(tmpdir(), 'tribuna-uploads-'));
const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
const names = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'UPLOADS_DIR'] as const;
let endpoint: string;
let cast: Cast;
let event: { id: string; slug: string };

beforeAll(async () => {
  const address = await s3.run();
  endpoint = `http://127.0.0.1:${address.port}`;
  // s3rver's own key pair; it checks each request's AWS signature against it.
  Object.assign(process.env, { S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_REGION: 'eu-central-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', UPLOADS_DIR: localUploads });
  await runSeed(t.db);
  cast = await makeCast(t.db, await orgIdOfSlug(t.db, 'fk-dunaj-bratislava'));
  event = await eventBySlug(t.db, 'dunaj-bratislava-fc-kosice');
});

afterAll(async () => {
  for (const name of names) delete process.env[name];
  await s3.close();
  rmSync(directory, { recursive: true, force: true });
  rmSync(localUploads, { recursive: true, force: true });
});

describe('event images on an S3-compatible server', () => {
  it('uploads through the API into the bucket, reads back from it by the URL the app gives, and deletes it there', async () => {
    const picture = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#1d4ed8' } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'stadium.png');
    form.append('altEn', 'The stadium at night');
    const { 'content-type': _json, ...headers } = auth(cast.owner);
    const uploaded = await POST(new Request(`http://localhost/api/v1/organiser/events/${event.id}/images`, { method: 'POST', headers, body: form }), params({ eventId: event.id }));
    expect(uploaded.status).toBe(201);
    const { gallery } = (await uploaded.json()) as { gallery: { src: string; width: number; height: number }[] };
    const image = gallery.at(-1)!;
    expect(image.src).toMatch(new RegExp(`^${endpoint}/${BUCKET}/events/${event.id}/[A-Za-z0-9_-]+\\.webp$`));

    // What a fan's page gets: the event's public API names the picture on the bucket.
    const detail = await GET(new Request(`http://localhost/api/v1/events/${event.slug}`, { headers: { 'accept-language': 'en' } }), params({ id: event.slug }));
    expect(detail.status).toBe(200);
    const body = await detail.json();
    expect(JSON.stringify(body)).toContain(image.src);

    // Read back from the S3 server: the WebP the app made, and its 640 px variant, cached for ever.
    const read = await fetch(image.src);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/webp');
    expect(read.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await read.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 600]);
    const small = await sharp(Buffer.from(await (await fetch(image.src.replace(/\.webp$/, '-640.webp'))).arrayBuffer())).metadata();
    expect([small.format, small.width]).toEqual(['webp', 640]);

    const index = String(gallery.length - 1);
    const removed = await DELETE(new Request(`http://localhost/api/v1/organiser/events/${event.id}/images/${index}`, { method: 'DELETE', headers: auth(cast.owner) }), params({ eventId: event.id, index }));
    expect(removed.status).toBe(200);
    expect((await fetch(image.src)).status).toBe(404);
  });
});
