import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import type { Storage } from './storage';

/**
 * The same calls on an S3-compatible bucket (AWS S3, MinIO, Yandex Object Storage, ...), for several
 * API processes sharing files. Logos are loaded by browsers from `publicUrl` (the bucket's public
 * address or a CDN), so the `logos/` prefix must be publicly readable there. Documents are private:
 * the API reads them from the bucket (`open`) and serves them itself behind its signed links, so the
 * rest of the bucket needs no public access.
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
    async putFile(key, source, contentType) {
      const { size } = await stat(source);
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: createReadStream(source),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async open(key) {
      try {
        const found = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
        return found.Body ? { body: found.Body as Readable, size: found.ContentLength ?? 0 } : null;
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, modifiedAt: o.LastModified ?? new Date() };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    url: (key) => base + key,
  };
}
