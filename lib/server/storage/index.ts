import 'server-only';
// Where organiser uploads (event images) are kept: on local disk under the data folder by default,
// served by app/media/[...path]/route.ts at /media/…; in an S3-compatible bucket when S3_BUCKET is set
// (AWS S3, Cloudflare R2, MinIO…), served from S3_PUBLIC_URL. Objects are written once under a new
// random name and never changed, so both may be cached for ever.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { s3Storage, s3ConfigFromEnv } from './s3';

export interface FileStorage {
  /** Stores the bytes under `key` (a/b/c.webp) and answers the URL the site shows them at. */
  put(key: string, body: Uint8Array, contentType: string): Promise<string>;
  /** Removes an object this storage gave `url` for; anything else (a demo picture under /images) is left alone. */
  remove(url: string): Promise<void>;
}

/** The local uploads folder: UPLOADS_DIR, else `uploads` beside the embedded database in `.data/`. */
export function uploadsDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.UPLOADS_DIR || '.data/uploads');
}

export const MEDIA_PREFIX = '/media/';

/** A key is folders and names of letters, digits, dot, dash and underscore — no '..', no absolute path. */
export function isSafeKey(key: string): boolean {
  const parts = key.split('/');
  return parts.length > 0 && parts.length <= 8 && parts.every((p) => /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/.test(p) && p !== '.' && p !== '..');
}

/** The file of a key inside the uploads folder, or null when it would lie outside it. */
export function localPathOf(key: string, root = uploadsDir()): string | null {
  if (!isSafeKey(key)) return null;
  const file = path.resolve(root, key);
  return file.startsWith(root + path.sep) ? file : null;
}

export function localStorage(root = uploadsDir()): FileStorage {
  return {
    async put(key, body) {
      const file = localPathOf(key, root);
      if (!file) throw new Error(`unsafe storage key ${key}`);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
      return `${MEDIA_PREFIX}${key}`;
    },
    async remove(url) {
      if (!url.startsWith(MEDIA_PREFIX)) return;
      const file = localPathOf(url.slice(MEDIA_PREFIX.length), root);
      if (file) await rm(file, { force: true });
    },
  };
}

/** The storage this server uses: S3-compatible when S3_BUCKET is set, else the local folder. */
export function fileStorage(env: NodeJS.ProcessEnv = process.env): FileStorage {
  const s3 = s3ConfigFromEnv(env);
  return s3 ? s3Storage(s3) : localStorage();
}
