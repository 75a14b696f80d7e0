import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import type { ObjectStorage, StoredObject } from './object-storage.ts'

export interface S3Settings {
  /** The service's address, e.g. https://s3.eu-west-1.example.com or http://127.0.0.1:9000. */
  endpoint: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  region: string
  /** Address the bucket in the path (`endpoint/bucket/key`) rather than as a host name: what most S3-compatible servers expect. */
  forcePathStyle: boolean
}

/**
 * Objects in an S3-compatible bucket (`S3_*`), each under its own name as the key, stored with its media type
 * and served back through the app (`GET /objects/…`), so the bucket itself need not be public.
 */
export class S3ObjectStorage implements ObjectStorage {
  readonly description: string
  private readonly client: S3Client
  private readonly bucket: string

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket
    this.description = `S3 bucket ${settings.bucket} at ${new URL(settings.endpoint).host}`
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // The SDK's default checksums (2025) are not understood by every S3-compatible service; ask for them
      // only where the API requires one. TLS and the signature already cover each request.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    })
  }

  async put(name: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: name, Body: body, ContentType: contentType }),
    )
  }

  async get(name: string): Promise<StoredObject | undefined> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: name }))
      return {
        // In Node the SDK answers the body as the response's own readable stream.
        body: object.Body as Readable,
        contentType: object.ContentType ?? 'application/octet-stream',
        size: object.ContentLength,
      }
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined
      throw error
    }
  }

  async remove(name: string): Promise<void> {
    // S3 answers a delete of a missing key with success too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: name }))
  }

  close(): void {
    this.client.destroy()
  }
}
