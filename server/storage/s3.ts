import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import type { Storage } from './storage';

/**
 * The same three calls on an S3-compatible bucket (AWS S3, MinIO, Yandex Object Storage, ...), for
 * several API processes sharing files. The browser loads files from `publicUrl` (the bucket's public
 * address or a CDN in front of it), so the objects must be publicly readable there.
 */
export function s3Storage(config: S3Config): Storage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    // MinIO and most self-hosted services address buckets by path, not by subdomain.
    forcePathStyle: Boolean(config.endpoint),
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
  });
  const base = config.publicUrl.endsWith('/') ? config.publicUrl : `${config.publicUrl}/`;
  return {
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    url: (key) => base + key,
  };
}
