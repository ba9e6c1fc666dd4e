import 'server-only';
// An event's gallery, uploaded by its organiser (owners and managers). An upload is checked by its bytes
// (sharp reads them; the name and declared type are not trusted), turned upright, scaled to at most
// 1600 px wide plus a 640 px variant, converted to WebP without metadata (no camera GPS), and stored
// (lib/server/storage). The cover (events.image_url) is the gallery's first picture.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { GalleryImage, LocalizedText } from '@/lib/server/db/schema';
import { getDb, rowsOf, tables, type Tx } from '@/lib/server/db';
import { eventChanged } from '@/lib/server/events/changed';
import { fileStorage, type FileStorage } from '@/lib/server/storage';
import { eventAccess, type AccessFailure } from '@/lib/server/organiser/access';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_GALLERY_IMAGES = 24;
export const IMAGE_WIDTH = 1600;
export const IMAGE_SMALL_WIDTH = 640;
/** No decompression bombs: a 10 MB file may still claim a gigapixel. */
const MAX_INPUT_PIXELS = 60_000_000;

export type GalleryResult = { ok: true; gallery: GalleryImage[]; cover: string };
type ImageFailure =
  | AccessFailure
  | { ok: false; code: 'IMAGE_REQUIRED' }
  | { ok: false; code: 'IMAGE_TOO_LARGE' }
  | { ok: false; code: 'IMAGE_TYPE' }
  | { ok: false; code: 'GALLERY_FULL' };

export type ProcessedImage = { large: { data: Buffer; width: number; height: number }; small: { data: Buffer; width: number; height: number } };

/** What the bytes are (not what they claim): jpeg, png, webp, avif — else null. */
export async function sniffImage(bytes: Uint8Array): Promise<'jpeg' | 'png' | 'webp' | 'avif' | null> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp') return meta.format;
    if (meta.format === 'heif' && meta.compression === 'av1') return 'avif';
    return null;
  } catch {
    return null;
  }
}

async function toWebp(bytes: Uint8Array, width: number) {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The two WebP variants of an accepted picture, upright and without metadata; null when it cannot be decoded. */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage | null> {
  try {
    return { large: await toWebp(bytes, IMAGE_WIDTH), small: await toWebp(bytes, IMAGE_SMALL_WIDTH) };
  } catch {
    return null;
  }
}

/** The event row, locked for the rest of the transaction: gallery changes of one event run one after another. */
async function lockedEvent(tx: Tx, eventId: string) {
  const [row] = await tx
    .select({ gallery: tables.events.gallery, imageUrl: tables.events.imageUrl, title: tables.events.title })
    .from(tables.events)
    .where(eq(tables.events.id, eventId))
    .for('update');
  return row;
}

async function saveGallery(tx: Tx, eventId: string, gallery: GalleryImage[], cover: string): Promise<GalleryResult> {
  await tx.update(tables.events).set({ gallery, imageUrl: cover, updatedAt: new Date() }).where(eq(tables.events.id, eventId));
  await eventChanged(eventId, tx);
  return { ok: true, gallery, cover };
}

/** The variant beside a stored picture (…/name.webp → …/name-640.webp). */
export function smallVariantOf(src: string): string {
  return src.replace(/\.webp$/, `-${IMAGE_SMALL_WIDTH}.webp`);
}

/**
 * Adds an uploaded picture to the end of the event's gallery (and makes it the cover when the event has
 * none). Alt texts default to the event's title in each language.
 */
export async function addEventImage(
  actor: { id: string },
  eventId: string,
  input: { file: Blob | null; alt: Partial<LocalizedText> },
  storage: FileStorage = fileStorage(),
): Promise<GalleryResult | ImageFailure> {
  const access = await eventAccess(actor.id, eventId, 'events');
  if (!access.ok) return access;
  if (!input.file || input.file.size === 0) return { ok: false, code: 'IMAGE_REQUIRED' };
  if (input.file.size > MAX_IMAGE_BYTES) return { ok: false, code: 'IMAGE_TOO_LARGE' };
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  if (!(await sniffImage(bytes))) return { ok: false, code: 'IMAGE_TYPE' };
  const image = await processImage(bytes);
  if (!image) return { ok: false, code: 'IMAGE_TYPE' };

  const [current] = await getDb().select({ gallery: tables.events.gallery }).from(tables.events).where(eq(tables.events.id, eventId));
  if ((current?.gallery.length ?? 0) >= MAX_GALLERY_IMAGES) return { ok: false, code: 'GALLERY_FULL' };

  const name = `events/${eventId}/${randomBytes(12).toString('base64url')}`;
  const src = await storage.put(`${name}.webp`, image.large.data, 'image/webp');
  await storage.put(`${name}-${IMAGE_SMALL_WIDTH}.webp`, image.small.data, 'image/webp');

  const result = await getDb().transaction(async (tx) => {
    const event = await lockedEvent(tx, eventId);
    if (!event) return { ok: false as const, code: 'ORG_NOT_FOUND' as const };
    if (event.gallery.length >= MAX_GALLERY_IMAGES) return { ok: false as const, code: 'GALLERY_FULL' as const };
    const alt: LocalizedText = {
      sk: input.alt.sk?.trim() || event.title.sk,
      cs: input.alt.cs?.trim() || event.title.cs,
      en: input.alt.en?.trim() || event.title.en,
    };
    const gallery = [...event.gallery, { src, width: image.large.width, height: image.large.height, alt }];
    return saveGallery(tx, eventId, gallery, event.imageUrl || src);
  });
  if (!result.ok) await removeStored(storage, src);
  return result;
}

async function removeStored(storage: FileStorage, src: string): Promise<void> {
  // Best effort: a file left behind costs disk space, not correctness.
  await Promise.all([storage.remove(src), storage.remove(smallVariantOf(src))]).catch(() => {});
}

/**
 * Whether an event still shows a picture, as its cover or in its gallery: a duplicated event shares its
 * source's stored files (./edit/duplicate.ts), so removing one from a gallery keeps the file while
 * another event shows it. Asked after the removal committed: a copy made meanwhile (it waits for the
 * source's row lock) is committed by then and counted.
 */
async function imageInUse(src: string): Promise<boolean> {
  const rows = rowsOf<{ one: number }>(
    await getDb().execute(sql`select 1 as one from events where image_url = ${src} or gallery @> ${JSON.stringify([{ src }])}::jsonb limit 1`),
  );
  return rows.length > 0;
}

type GalleryChangeFailure = AccessFailure | { ok: false; code: 'IMAGE_NOT_FOUND' } | { ok: false; code: 'IMAGE_ORDER_INVALID' };

/** Removes the picture at `index`; when it was the cover, the next picture becomes it. */
export async function removeEventImage(actor: { id: string }, eventId: string, index: number, storage: FileStorage = fileStorage()): Promise<GalleryResult | GalleryChangeFailure> {
  const access = await eventAccess(actor.id, eventId, 'events');
  if (!access.ok) return access;
  let removed: GalleryImage | undefined;
  const result = await getDb().transaction(async (tx) => {
    const event = await lockedEvent(tx, eventId);
    if (!event || index >= event.gallery.length) return { ok: false as const, code: 'IMAGE_NOT_FOUND' as const };
    removed = event.gallery[index];
    const gallery = event.gallery.filter((_, i) => i !== index);
    const cover = event.imageUrl === removed.src ? (gallery[0]?.src ?? '') : event.imageUrl;
    return saveGallery(tx, eventId, gallery, cover);
  });
  if (result.ok && removed && !(await imageInUse(removed.src))) await removeStored(storage, removed.src);
  return result;
}

/** Makes the picture at `index` the cover (it moves first) and/or changes its alt texts. */
export async function updateEventImage(
  actor: { id: string },
  eventId: string,
  index: number,
  input: { cover?: true; alt?: Partial<LocalizedText> },
): Promise<GalleryResult | GalleryChangeFailure> {
  const access = await eventAccess(actor.id, eventId, 'events');
  if (!access.ok) return access;
  return getDb().transaction(async (tx) => {
    const event = await lockedEvent(tx, eventId);
    if (!event || index >= event.gallery.length) return { ok: false as const, code: 'IMAGE_NOT_FOUND' as const };
    const image = { ...event.gallery[index], alt: { ...event.gallery[index].alt } };
    for (const locale of ['sk', 'cs', 'en'] as const) {
      const text = input.alt?.[locale]?.trim();
      if (text) image.alt[locale] = text;
    }
    let gallery = event.gallery.map((g, i) => (i === index ? image : g));
    let cover = event.imageUrl;
    if (input.cover) {
      gallery = [image, ...gallery.filter((_, i) => i !== index)];
      cover = image.src;
    }
    return saveGallery(tx, eventId, gallery, cover);
  });
}

/** Puts the gallery in a new order (`order` lists every current position once); the first becomes the cover. */
export async function reorderEventImages(actor: { id: string }, eventId: string, order: number[]): Promise<GalleryResult | GalleryChangeFailure> {
  const access = await eventAccess(actor.id, eventId, 'events');
  if (!access.ok) return access;
  return getDb().transaction(async (tx) => {
    const event = await lockedEvent(tx, eventId);
    if (!event) return { ok: false as const, code: 'IMAGE_NOT_FOUND' as const };
    const n = event.gallery.length;
    if (order.length !== n || new Set(order).size !== n || order.some((i) => i >= n)) return { ok: false as const, code: 'IMAGE_ORDER_INVALID' as const };
    const gallery = order.map((i) => event.gallery[i]);
    const coverWasFirst = !event.imageUrl || event.imageUrl === event.gallery[0]?.src;
    return saveGallery(tx, eventId, gallery, coverWasFirst ? (gallery[0]?.src ?? '') : event.imageUrl);
  });
}

/** The gallery as the console shows it. */
export async function eventGallery(actor: { id: string }, eventId: string): Promise<GalleryResult | AccessFailure> {
  const access = await eventAccess(actor.id, eventId, 'events');
  if (!access.ok) return access;
  const [row] = await getDb().select({ gallery: tables.events.gallery, imageUrl: tables.events.imageUrl }).from(tables.events).where(eq(tables.events.id, eventId));
  return { ok: true, gallery: row?.gallery ?? [], cover: row?.imageUrl ?? '' };
}
