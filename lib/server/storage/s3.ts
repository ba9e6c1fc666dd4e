import 'server-only';
// S3-compatible object storage through the AWS SDK's PutObject/DeleteObject. With S3_ENDPOINT (R2, MinIO,
// any other S3-compatible service) requests go to that endpoint in path style (endpoint/bucket/key).
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { FileStorage } from './index';

export type S3Config = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** The public origin (and path) objects are read from: `${publicUrl}/${key}`. */
  publicUrl: string;
};

/** The configuration from S3_* variables, or null without S3_BUCKET. */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv): S3Config | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const region = env.S3_REGION?.trim() || 'auto';
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  const publicUrl = (env.S3_PUBLIC_URL?.trim() || (endpoint ? `${endpoint.replace(/\/$/, '')}/${bucket}` : `https://${bucket}.s3.${region}.amazonaws.com`)).replace(/\/$/, '');
  return { bucket, region, endpoint, accessKeyId: env.S3_ACCESS_KEY_ID?.trim() || undefined, secretAccessKey: env.S3_SECRET_ACCESS_KEY?.trim() || undefined, publicUrl };
}

export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: Boolean(config.endpoint),
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    // Checksums only where S3 requires them: several S3-compatible services refuse the SDK's newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function s3Storage(config: S3Config, client: S3Client = s3Client(config)): FileStorage {
  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: body, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }),
      );
      return `${config.publicUrl}/${key}`;
    },
    async remove(url) {
      const prefix = `${config.publicUrl}/`;
      if (!url.startsWith(prefix)) return;
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: url.slice(prefix.length) }));
    },
  };
}
