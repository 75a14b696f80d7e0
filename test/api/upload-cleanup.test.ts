import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { withJobLock } from '#server/db/job-lock.ts'
import { JOB_LOCKS } from '#server/db/lock-keys.ts'
import { LocalObjectStorage } from '#server/modules/objects/local-object-storage.ts'
import { removeUnusedUploads } from '#server/modules/objects/objects.service.ts'
import { signUp, uniqueEmail } from '../support/session.ts'
import { setupTestApp } from '../support/test-app.ts'
import type { TestDatabase } from '../support/test-database.ts'
import { makePhoto, uploadPhoto } from '../support/uploads.ts'

/**
 * An upload no post uses is removed after a day, with its two stored objects (DESIGN §6); one a post uses
 * stays, and so does a fresh one, which its uploader may still be writing a post for.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'brickfolio-upload-cleanup-'))
const storage = new LocalObjectStorage(dir)
const context = setupTestApp({ objectStorage: storage })
let member = { cookie: '', id: '' }

beforeAll(async () => {
  member = await signUp(context.app, { email: uniqueEmail('photographer') })
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

interface Uploaded {
  id: string
  objectPath: string
  thumbnailPath: string
}

async function upload(): Promise<Uploaded> {
  const response = await uploadPhoto(context.app, member.cookie, {
    content: await makePhoto('jpeg', { width: 40, height: 30 }),
  })
  expect(response.statusCode, response.body).toBe(201)
  const { objectPath, thumbnailPath } = response.json()
  const [row] = await queryRows<{ id: string }>(
    context.database.db,
    sql`select id from uploads where image_path = ${objectPath}`,
  )
  return { id: row?.id as string, objectPath, thumbnailPath }
}

const ageBy = (upload: Uploaded, hours: number) =>
  context.database.db.execute(
    sql`update uploads set created_at = now() - make_interval(hours => ${hours}) where id = ${upload.id}`,
  )

const postWith = (upload: Uploaded) =>
  context.database.db.execute(
    sql`insert into posts (user_id, caption, image_url, upload_id, thumbnail_url)
      values (${member.id}, 'My castle', ${upload.objectPath}, ${upload.id}, ${upload.thumbnailPath})`,
  )

const stored = (objectPath: string) => existsSync(path.join(dir, path.basename(objectPath)))
const rowExists = async (upload: Uploaded) =>
  (await queryRows(context.database.db, sql`select 1 from uploads where id = ${upload.id}`)).length === 1

describe('removing unused uploads', () => {
  it('removes an unused upload older than a day and its files; keeps a used one and a fresh one', async () => {
    const unusedOld = await upload()
    const usedOld = await upload()
    const fresh = await upload()
    const almostADay = await upload()
    await ageBy(unusedOld, 25)
    await ageBy(usedOld, 48)
    await ageBy(almostADay, 23)
    await postWith(usedOld)

    const outcome = await removeUnusedUploads({ db: context.database.db, storage })
    expect(outcome).toEqual({ status: 'ran', removed: 1, inUse: 0 })

    expect(await rowExists(unusedOld)).toBe(false)
    expect(stored(unusedOld.objectPath)).toBe(false)
    expect(stored(unusedOld.thumbnailPath)).toBe(false)
    expect((await context.app.inject({ url: unusedOld.objectPath })).statusCode).toBe(404)

    for (const kept of [usedOld, fresh, almostADay]) {
      expect(await rowExists(kept)).toBe(true)
      expect(stored(kept.objectPath) && stored(kept.thumbnailPath)).toBe(true)
    }
    expect((await context.app.inject({ url: usedOld.objectPath })).statusCode).toBe(200)

    // Nothing more to do the next time.
    expect(await removeUnusedUploads({ db: context.database.db, storage })).toEqual({
      status: 'ran',
      removed: 0,
      inUse: 0,
    })
  })

  it('removes the upload even when one of its objects is already gone', async () => {
    const halfGone = await upload()
    await ageBy(halfGone, 30)
    await storage.remove(path.basename(halfGone.thumbnailPath))
    expect(await removeUnusedUploads({ db: context.database.db, storage })).toMatchObject({ removed: 1 })
    expect(await rowExists(halfGone)).toBe(false)
    expect(stored(halfGone.objectPath)).toBe(false)
  })

  it('does nothing while another instance holds the cleanup lock', async () => {
    const waiting = await upload()
    await ageBy(waiting, 30)
    const outcome = await withJobLock(context.database.db, JOB_LOCKS.uploadCleanup, () =>
      removeUnusedUploads({ db: context.database.db, storage }),
    )
    expect(outcome).toEqual({ ran: true, value: { status: 'skipped', reason: expect.any(String) } })
    expect(await rowExists(waiting)).toBe(true)
    expect(await removeUnusedUploads({ db: context.database.db, storage })).toMatchObject({ removed: 1 })
  })
})

describe.skipIf(inject('databaseDriver') !== 'postgres')(
  'a post created while the cleanup runs (PostgreSQL)',
  () => {
    it('keeps the upload the post takes: the delete waits for the post, then fails on its foreign key and skips it', async () => {
      const taken = await upload()
      await ageBy(taken, 30)
      // Another instance's request, in the middle of creating a post with this upload.
      const other = new pg.Client({ connectionString: (context.database as TestDatabase).url })
      await other.connect()
      try {
        await other.query('begin')
        await other.query(
          'insert into posts (user_id, caption, image_url, upload_id) values ($1, $2, $3, $4)',
          [member.id, 'Just in time', taken.objectPath, taken.id],
        )
        const cleanup = removeUnusedUploads({ db: context.database.db, storage })
        // The cleanup has found the upload unused (the post is not committed) and waits on its row.
        await new Promise((resolve) => setTimeout(resolve, 300))
        await other.query('commit')
        expect(await cleanup).toEqual({ status: 'ran', removed: 0, inUse: 1 })
      } finally {
        await other.end()
      }
      expect(await rowExists(taken)).toBe(true)
      expect(stored(taken.objectPath) && stored(taken.thumbnailPath)).toBe(true)
    })
  },
)
