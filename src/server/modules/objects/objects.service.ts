import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '#server/db/client.ts'
import { withJobLock } from '#server/db/job-lock.ts'
import { JOB_LOCKS } from '#server/db/lock-keys.ts'
import { HttpError, notFound } from '#server/errors.ts'
import type { UploadedImage } from '#shared/contract/objects.ts'
import { PROCESSED_CONTENT_TYPE, PROCESSED_EXTENSION, processImage } from './image-processing.ts'
import {
  newObjectName,
  type ObjectStorage,
  objectNameOf,
  objectPath,
  type StoredObject,
} from './object-storage.ts'
import { deleteUnusedUpload, findUnusedUploads, findUploadOf, insertUpload } from './objects.repo.ts'

/**
 * A member's photo (DESIGN §6): checked and re-encoded in memory first, so a refused file leaves nothing
 * behind; then both sizes are stored under new random names and the upload recorded. Should storing or
 * recording fail, what was stored is removed again.
 */
export async function uploadImage({
  db,
  storage,
  userId,
  file,
}: {
  db: Database
  storage: ObjectStorage
  userId: string
  file: Buffer
}): Promise<UploadedImage> {
  const image = await processImage(file)
  const displayName = newObjectName(PROCESSED_EXTENSION)
  const thumbnailName = newObjectName(PROCESSED_EXTENSION)
  const stored: string[] = []
  try {
    await storage.put(displayName, image.display, PROCESSED_CONTENT_TYPE)
    stored.push(displayName)
    await storage.put(thumbnailName, image.thumbnail, PROCESSED_CONTENT_TYPE)
    stored.push(thumbnailName)
  } catch {
    await removeQuietly(storage, stored)
    throw new HttpError(
      503,
      'The photo could not be stored just now. Please try again in a moment.',
      'STORAGE_UNAVAILABLE',
    )
  }
  const upload = {
    userId,
    imagePath: objectPath(displayName),
    thumbnailPath: objectPath(thumbnailName),
    width: image.width,
    height: image.height,
  }
  try {
    await insertUpload(db, upload)
  } catch (error) {
    await removeQuietly(storage, stored)
    throw error
  }
  return {
    objectPath: upload.imagePath,
    thumbnailPath: upload.thumbnailPath,
    width: upload.width,
    height: upload.height,
  }
}

/**
 * For the posts module: the upload served at `imagePath` when `userId` uploaded it, else null — a post can
 * show only its author's own upload, and takes its thumbnail from here.
 */
export async function findOwnUpload({
  db,
  userId,
  imagePath,
}: {
  db: Database
  userId: string
  imagePath: string
}): Promise<{ id: string; imagePath: string; thumbnailPath: string } | null> {
  if (!objectNameOf(imagePath)) return null
  return (await findUploadOf(db, userId, imagePath)) ?? null
}

/** A stored object to serve; 404 when there is none of that name. */
export async function storedObject({
  storage,
  name,
}: {
  storage: ObjectStorage
  name: string
}): Promise<StoredObject> {
  const object = await storage.get(name)
  if (!object) throw notFound('There is no photo of that name: it may have been removed.')
  return object
}

/** An upload no post uses is kept this long: time enough to write the post it was uploaded for. */
export const UNUSED_UPLOAD_HOURS = 24
const CLEANUP_BATCH = 200

export type UploadCleanupOutcome =
  | { status: 'ran'; removed: number; inUse: number }
  | { status: 'skipped'; reason: string }

/**
 * Removes uploads older than a day that no post uses, under the job's advisory lock (one instance at a time):
 * each row is deleted on its own, then its two objects. A post that took the upload meanwhile keeps it (the
 * delete finds it in use, or fails on the foreign key and is skipped). The row goes before its objects: a
 * crash between them leaves an object no one links to, never a post without its photo.
 */
export async function removeUnusedUploads({
  db,
  storage,
  log,
}: {
  db: Database
  storage: ObjectStorage
  log?: FastifyBaseLogger
}): Promise<UploadCleanupOutcome> {
  const locked = await withJobLock(db, JOB_LOCKS.uploadCleanup, async () => {
    let removed = 0
    let inUse = 0
    const tried = new Set<string>()
    for (;;) {
      const batch = (await findUnusedUploads(db, UNUSED_UPLOAD_HOURS, CLEANUP_BATCH)).filter(
        (upload) => !tried.has(upload.id),
      )
      if (batch.length === 0) break
      for (const upload of batch) {
        tried.add(upload.id)
        if (!(await deleteUnlessUsed(db, upload.id))) {
          inUse++
          continue
        }
        removed++
        const names = [upload.imagePath, upload.thumbnailPath].map(objectNameOf)
        await removeQuietly(
          storage,
          names.filter((name) => name !== undefined),
          log,
        )
      }
    }
    return { status: 'ran' as const, removed, inUse }
  })
  return locked.ran ? locked.value : { status: 'skipped', reason: 'another instance is cleaning up' }
}

async function deleteUnlessUsed(db: Database, id: string): Promise<boolean> {
  try {
    return await deleteUnusedUpload(db, id)
  } catch (error) {
    if (isForeignKeyViolation(error)) return false
    throw error
  }
}

/** PostgreSQL's foreign_key_violation, as either driver reports it (Drizzle wraps it in `cause`). */
function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as Error).cause) {
    if ((current as { code?: unknown }).code === '23503') return true
  }
  return false
}

async function removeQuietly(storage: ObjectStorage, names: string[], log?: FastifyBaseLogger) {
  for (const name of names) {
    await storage.remove(name).catch((error: unknown) => {
      log?.warn({ err: error, object: name }, 'a stored object could not be removed; it is left unlinked')
    })
  }
}
