// Event images (issue 15 item 3, gallery): uploads checked by their bytes and size, stored upright as WebP
// (1600 px and a 640 px variant, no metadata) on local disk or S3-compatible storage, served at /media
// without path traversal; cover, reorder, delete; the role matrix of every route (owners and managers).
import { mkdtempSync, existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { DELETE as deleteImageRoute, PATCH as updateImageRoute } from '@/tests/helpers/api';
import { PATCH as reorderRoute, POST as uploadRoute } from '@/tests/helpers/api';
import { GET as mediaRoute } from '@/app/media/[...path]/route';
import * as s from '@/lib/server/db/schema';
import { onEventChanged } from '@/lib/server/events/changed';
import { fileStorage } from '@/lib/server/storage';
import { s3ConfigFromEnv, s3Storage } from '@/lib/server/storage/s3';
import en from '@/messages/en.json';
import { useTestDatabase } from '../helpers/db';
import { expectedStatuses, makeCast, orgIdOfSlug, statusesOf, type Cast } from '../helpers/organiser';
import { auth, eventBySlug, params } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const uploads = mkdtempSync(path.join(tmpdir(), 'tribuna-uploads-'));
let cast: Cast;
let eventId: string;
let otherEventId: string;

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } }).png().toBuffer();

/** Headers of a multipart call: the caller's session, no JSON content type (fetch sets the form's). */
function formHeaders(headers: Record<string, string>): Record<string, string> {
  const { 'content-type': _json, ...rest } = headers;
  return rest;
}

function upload(headers: Record<string, string>, file: Blob | null, fields: Record<string, string> = {}, id = eventId) {
  const form = new FormData();
  if (file) form.append('file', file, 'picture.png');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return uploadRoute(new Request(`http://localhost/api/v1/organiser/events/${id}/images`, { method: 'POST', headers: formHeaders(headers), body: form }), params({ eventId: id }));
}

function json(pathname: string, method: string, headers: Record<string, string>, body?: unknown) {
  return new Request(`http://localhost${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function gallery(id = eventId) {
  const [row] = await t.db.select({ gallery: s.events.gallery, imageUrl: s.events.imageUrl }).from(s.events).where(eq(s.events.id, id));
  return row;
}

const fileOf = (src: string) => path.join(uploads, src.replace(/^\/media\//, ''));
const media = (parts: string[]) => mediaRoute(new Request(`http://localhost/media/${parts.join('/')}`), { params: Promise.resolve({ path: parts }) });

beforeAll(async () => {
  process.env.UPLOADS_DIR = uploads;
  const orgId = await orgIdOfSlug(t.db, 'fk-dunaj-bratislava');
  cast = await makeCast(t.db, orgId);
  eventId = (await eventBySlug(t.db, 'dunaj-bratislava-fc-kosice')).id;
  const other = await t.db.select({ id: s.events.id }).from(s.events).where(eq(s.events.orgId, await orgIdOfSlug(t.db, 'hc-vltava-praha')));
  otherEventId = other[0].id;
  await t.db.update(s.events).set({ gallery: [], imageUrl: '' }).where(eq(s.events.id, eventId));
});

afterAll(() => {
  delete process.env.UPLOADS_DIR;
  rmSync(uploads, { recursive: true, force: true });
});

describe('uploading a picture', () => {
  it('stores a PNG as WebP at most 1600 px wide plus a 640 px variant, appends it and makes it the cover of an event without one', async () => {
    const changed: (string | null)[] = [];
    const stop = onEventChanged((id: string | null) => changed.push(id));
    const response = await upload(auth(cast.manager), new Blob([new Uint8Array(await png(2000, 1000))], { type: 'image/png' }), { altSk: 'Štadión', altEn: 'The stadium' });
    stop();
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.gallery).toHaveLength(1);
    const [image] = body.gallery;
    expect(image).toEqual({ src: expect.stringMatching(new RegExp(`^/media/events/${eventId}/[A-Za-z0-9_-]+\\.webp$`)), width: 1600, height: 800, alt: expect.objectContaining({ sk: 'Štadión', en: 'The stadium' }) });
    // An alt text left empty is the event's title in that language.
    const event = await eventBySlug(t.db, 'dunaj-bratislava-fc-kosice');
    expect(image.alt.cs).toBe(event.title.cs);
    expect(body.cover).toBe(image.src);
    expect((await gallery()).imageUrl).toBe(image.src);
    expect(changed).toContain(eventId);

    const large = await sharp(readFileSync(fileOf(image.src))).metadata();
    expect([large.format, large.width, large.height]).toEqual(['webp', 1600, 800]);
    const small = await sharp(readFileSync(fileOf(image.src.replace(/\.webp$/, '-640.webp')))).metadata();
    expect([small.format, small.width, small.height]).toEqual(['webp', 640, 320]);
  });

  it('turns a JPEG upright by its EXIF orientation and strips the metadata; a small picture is not enlarged', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#224466' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'camera owner' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const response = await upload(auth(cast.owner), new Blob([new Uint8Array(jpeg)]));
    expect(response.status).toBe(201);
    const body = await response.json();
    const image = body.gallery.at(-1);
    expect([image.width, image.height]).toEqual([100, 300]);
    const meta = await sharp(readFileSync(fileOf(image.src))).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // The first picture stays the cover.
    expect(body.cover).toBe(body.gallery[0].src);
  });

  it('refuses a file over 10 MB with 413 and its own message, and a body past the upload limit', async () => {
    const big = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]);
    const response = await upload(auth(cast.owner), big);
    expect(response.status).toBe(413);
    const body = await response.json();
    expect(body.code).toBe('IMAGE_TOO_LARGE');
    expect(body.message).toBe(en.organiser.images.errors.tooLarge);
    const huge = await upload(auth(cast.owner), new Blob([new Uint8Array(12 * 1024 * 1024)]));
    expect(huge.status).toBe(413);
  });

  it('refuses what is not a JPEG, PNG, WebP or AVIF by its bytes, whatever its name or type says (415)', async () => {
    const text = await upload(auth(cast.owner), new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/png' }));
    expect(text.status).toBe(415);
    expect((await text.json()).message).toBe(en.organiser.images.errors.type);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    expect((await upload(auth(cast.owner), new Blob([new Uint8Array(gif)], { type: 'image/png' }))).status).toBe(415);
    const broken = (await png(50, 50)).subarray(0, 60);
    expect((await upload(auth(cast.owner), new Blob([new Uint8Array(broken)], { type: 'image/png' }))).status).toBe(415);
  });

  it('accepts WebP and AVIF too', async () => {
    const webp = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#0a0' } }).webp().toBuffer();
    expect((await upload(auth(cast.owner), new Blob([new Uint8Array(webp)]))).status).toBe(201);
    const avif = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#00a' } }).avif().toBuffer();
    expect((await upload(auth(cast.owner), new Blob([new Uint8Array(avif)]))).status).toBe(201);
  });

  it('asks for a file when none (or no multipart form) is sent', async () => {
    const none = await upload(auth(cast.owner), null, { altEn: 'x' });
    expect(none.status).toBe(422);
    expect((await none.json()).errors).toEqual([{ field: 'file', message: en.organiser.images.errors.required }]);
    const notForm = await uploadRoute(json(`/api/v1/organiser/events/${eventId}/images`, 'POST', auth(cast.owner), { file: 'x' }), params({ eventId }));
    expect(notForm.status).toBe(422);
  });

  it('refuses a picture past the 24 of a full gallery (409), storing nothing', async () => {
    const { gallery: before, imageUrl } = await gallery();
    const full = Array.from({ length: 24 }, (_, i) => ({ src: `/images/full-${i}.jpg`, width: 10, height: 10, alt: { sk: 'x', cs: 'x', en: 'x' } }));
    await t.db.update(s.events).set({ gallery: full }).where(eq(s.events.id, eventId));
    const response = await upload(auth(cast.owner), new Blob([new Uint8Array(await png(20, 20))]));
    expect(response.status).toBe(409);
    expect((await response.json()).message).toBe(en.organiser.images.errors.full);
    await t.db.update(s.events).set({ gallery: before, imageUrl }).where(eq(s.events.id, eventId));
  });

  it('POST …/images: owners and managers (201), scanner 403, fan and another organisation 404, anonymous 401', async () => {
    const before = (await gallery()).gallery.length;
    const file = new Blob([new Uint8Array(await png(64, 32))]);
    const statuses = await statusesOf(cast, (headers) => upload(headers, file));
    expect(statuses).toEqual(expectedStatuses('events', 201));
    expect((await gallery()).gallery.length).toBe(before + 2);
    // The owner of this organisation with another organisation's event: as if it did not exist.
    expect((await upload(auth(cast.owner), file, {}, otherEventId)).status).toBe(404);
    expect((await gallery(otherEventId)).gallery.every((g) => !g.src.startsWith('/media/'))).toBe(true);
  });
});

describe('changing the gallery', () => {
  const base = () => `/api/v1/organiser/events/${eventId}/images`;

  it('PATCH …/images/{index} makes a picture the cover (it moves first) and changes alt texts; matrix', async () => {
    const { gallery: before } = await gallery();
    const target = before[2];
    // The manager, then the owner, each make the picture then at position 2 the cover.
    const statuses = await statusesOf(cast, (headers) =>
      updateImageRoute(json(`${base()}/2`, 'PATCH', headers, { cover: true, alt: { en: 'Gate 2' } }), params({ eventId, index: '2' })),
    );
    expect(statuses).toEqual(expectedStatuses('events', 200));
    const after = await gallery();
    expect(after.gallery).toHaveLength(before.length);
    expect(after.imageUrl).toBe(after.gallery[0].src);
    expect(after.gallery[0].alt.en).toBe('Gate 2');
    expect(after.gallery.map((g) => g.src).sort()).toEqual(before.map((g) => g.src).sort());
    // [t, 0, 1, 3…] after the manager, [1, t, 0, 3…] after the owner.
    expect(after.gallery.slice(0, 3).map((g) => g.src)).toEqual([before[1].src, target.src, before[0].src]);
    expect((await updateImageRoute(json(`${base()}/99`, 'PATCH', auth(cast.owner), { cover: true }), params({ eventId, index: '99' }))).status).toBe(404);
    expect((await updateImageRoute(json(`${base()}/0`, 'PATCH', auth(cast.owner), { alt: { en: 'x'.repeat(301) } }), params({ eventId, index: '0' }))).status).toBe(422);
  });

  it('PATCH …/images reorders by the current positions; the first becomes the cover; matrix', async () => {
    const { gallery: before } = await gallery();
    const reversed = before.map((_, i) => before.length - 1 - i);
    // The manager and the owner each reverse it: back where it was.
    const statuses = await statusesOf(cast, (headers) => reorderRoute(json(base(), 'PATCH', headers, { order: reversed }), params({ eventId })));
    expect(statuses).toEqual(expectedStatuses('events', 200));
    expect((await gallery()).gallery.map((g) => g.src)).toEqual(before.map((g) => g.src));
    const once = await (await reorderRoute(json(base(), 'PATCH', auth(cast.owner), { order: reversed }), params({ eventId }))).json();
    expect(once.gallery.map((g: { src: string }) => g.src)).toEqual([...before].reverse().map((g) => g.src));
    expect(once.cover).toBe(once.gallery[0].src);
    const invalid = await reorderRoute(json(base(), 'PATCH', auth(cast.owner), { order: [0, 0] }), params({ eventId }));
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).code).toBe('IMAGE_ORDER_INVALID');
  });

  it('DELETE …/images/{index} removes the picture and its files; deleting the cover makes the next one it; matrix', async () => {
    const { gallery: before } = await gallery();
    const statuses = await statusesOf(cast, (headers) => deleteImageRoute(json(`${base()}/0`, 'DELETE', headers), params({ eventId, index: '0' })));
    expect(statuses).toEqual(expectedStatuses('events', 200));
    const after = await gallery();
    expect(after.gallery.map((g) => g.src)).toEqual(before.slice(2).map((g) => g.src));
    expect(after.imageUrl).toBe(after.gallery[0].src);
    for (const gone of before.slice(0, 2)) {
      expect(existsSync(fileOf(gone.src))).toBe(false);
      expect(existsSync(fileOf(gone.src.replace(/\.webp$/, '-640.webp')))).toBe(false);
    }
    expect((await deleteImageRoute(json(`${base()}/99`, 'DELETE', auth(cast.owner)), params({ eventId, index: '99' }))).status).toBe(404);
    expect((await deleteImageRoute(json(`/api/v1/organiser/events/${otherEventId}/images/0`, 'DELETE', auth(cast.owner)), params({ eventId: otherEventId, index: '0' }))).status).toBe(404);
    expect((await deleteImageRoute(json(`${base()}/-1`, 'DELETE', auth(cast.owner)), params({ eventId, index: '-1' }))).status).toBe(422);
  });
});

describe('/media serves local uploads', () => {
  it('answers a stored picture as immutable WebP', async () => {
    const { gallery: current } = await gallery();
    const parts = current[0].src.replace(/^\/media\//, '').split('/');
    const response = await media(parts);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(fileOf(current[0].src)))).toBe(true);
  });

  it('refuses path traversal, odd names and anything but WebP (404)', async () => {
    writeFileSync(path.join(path.dirname(uploads), `${path.basename(uploads)}-secret.webp`), 'secret');
    mkdirSync(path.join(uploads, 'events'), { recursive: true });
    writeFileSync(path.join(uploads, 'events', 'notes.txt'), 'private');
    for (const parts of [
      ['..', `${path.basename(uploads)}-secret.webp`],
      ['events', '..', '..', `${path.basename(uploads)}-secret.webp`],
      ['..', '..', '..', 'etc', 'passwd'],
      ['events', 'notes.txt'],
      ['%2e%2e', 'x.webp'],
      ['.hidden.webp'],
      ['events', 'missing.webp'],
      [],
    ]) {
      const response = await media(parts);
      expect([parts.join('/'), response.status]).toEqual([parts.join('/'), 404]);
    }
    rmSync(path.join(path.dirname(uploads), `${path.basename(uploads)}-secret.webp`), { force: true });
  });
});

describe('S3-compatible storage', () => {
  it('is chosen when S3_BUCKET is set, and PUTs and DELETEs signed requests at the endpoint in path style', async () => {
    const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer }[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(req.method === 'DELETE' ? 204 : 200, { etag: '"abc"' });
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const env = {
        S3_BUCKET: 'tribuna',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'AKIDTEST',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PUBLIC_URL: 'https://media.example.com/',
      } as unknown as NodeJS.ProcessEnv;
      expect(s3ConfigFromEnv({} as unknown as NodeJS.ProcessEnv)).toBeNull();
      const config = s3ConfigFromEnv(env)!;
      expect(config.publicUrl).toBe('https://media.example.com');
      const storage = fileStorage(env);
      const bytes = new Uint8Array(await sharp(await png(20, 10)).webp().toBuffer());
      const url = await storage.put('events/e1/abc.webp', bytes, 'image/webp');
      expect(url).toBe('https://media.example.com/events/e1/abc.webp');
      await storage.remove(url);
      await storage.remove('/images/demo.jpg');
      expect(seen.map((r) => [r.method, r.url.split('?')[0]])).toEqual([
        ['PUT', '/tribuna/events/e1/abc.webp'],
        ['DELETE', '/tribuna/events/e1/abc.webp'],
      ]);
      expect(seen[0].headers['content-type']).toBe('image/webp');
      expect(seen[0].headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(seen[0].headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-central-1\/s3\/aws4_request/);
      expect(seen[0].body.equals(Buffer.from(bytes))).toBe(true);
      // The storage object itself is what the uploads use: the same calls through s3Storage directly.
      expect(await s3Storage(config).put('k.webp', bytes, 'image/webp')).toBe('https://media.example.com/k.webp');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

// ── the answer's schema is what the server returns (compile time: tsc runs over tests/) ─
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const imageTypesMatchSchemas: [
  Same<Omit<import('@/lib/server/events/images').GalleryResult, 'ok'>, import('zod').infer<typeof import('@/lib/schemas/organiser-team').galleryResultSchema>>,
] = [true];
