import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import { OBJECT_NAME_PATTERN } from '#shared/contract/objects.ts'

/** A stored object as it is read back: its bytes as a stream, the media type it was stored with, its size. */
export interface StoredObject {
  body: Readable
  contentType: string
  size: number | undefined
}

/**
 * Where uploaded photos live (DESIGN §6): a folder on local disk by default, S3-compatible object storage
 * when it is configured. Objects are written once under a new random name and never changed, so a name
 * always means the same bytes.
 */
export interface ObjectStorage {
  /** Where the objects are, for the start-up log line (no secrets). */
  readonly description: string
  put(name: string, body: Buffer, contentType: string): Promise<void>
  /** The object, or undefined when there is none of that name. */
  get(name: string): Promise<StoredObject | undefined>
  /** Removes the object; one that is already gone is no error. */
  remove(name: string): Promise<void>
  /** Lets go of connections (at shutdown). */
  close(): void
}

/** 128 random bits, base64url: a name no one can guess or list (the objects are served without sign-in). */
export function newObjectName(extension: string): string {
  const name = `${randomBytes(16).toString('base64url')}.${extension}`
  if (!OBJECT_NAME_PATTERN.test(name)) throw new Error(`object name ${name} does not match its pattern`)
  return name
}

/** Where an object is served: `/objects/<name>`. */
export const objectPath = (name: string) => `/objects/${name}`

/** The name in an object path, when it is one of ours; undefined for anything else. */
export function objectNameOf(path: string): string | undefined {
  const name = path.startsWith('/objects/') ? path.slice('/objects/'.length) : ''
  return OBJECT_NAME_PATTERN.test(name) ? name : undefined
}
