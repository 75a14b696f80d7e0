import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'

export interface UploadRow {
  id: string
  imagePath: string
  thumbnailPath: string
}

export async function insertUpload(
  db: Database,
  upload: { userId: string; imagePath: string; thumbnailPath: string; width: number; height: number },
): Promise<void> {
  await db.execute(
    sql`insert into uploads (user_id, image_path, thumbnail_path, width, height)
      values (${upload.userId}, ${upload.imagePath}, ${upload.thumbnailPath}, ${upload.width}, ${upload.height})`,
  )
}

/** The upload served at `imagePath`, when `userId` uploaded it. */
export async function findUploadOf(
  db: Database,
  userId: string,
  imagePath: string,
): Promise<UploadRow | undefined> {
  const rows = await queryRows<UploadRow>(
    db,
    sql`select id, image_path as "imagePath", thumbnail_path as "thumbnailPath" from uploads
      where image_path = ${imagePath} and user_id = ${userId}`,
  )
  return rows[0]
}

/** Uploads older than `hours` that no post uses, oldest first, at most `limit`. */
export function findUnusedUploads(db: Database, hours: number, limit: number): Promise<UploadRow[]> {
  return queryRows<UploadRow>(
    db,
    sql`select u.id, u.image_path as "imagePath", u.thumbnail_path as "thumbnailPath" from uploads u
      where u.created_at < now() - make_interval(hours => ${hours})
        and not exists (select 1 from posts p where p.upload_id = u.id)
      order by u.created_at limit ${limit}`,
  )
}

/**
 * Deletes the upload unless a post uses it; true when it was deleted. A post inserted meanwhile and not yet
 * committed holds the row: the delete waits for it, then fails on the foreign key (posts.upload_id is
 * ON DELETE RESTRICT), which the caller takes as "in use".
 */
export async function deleteUnusedUpload(db: Database, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from uploads u where u.id = ${id}
      and not exists (select 1 from posts p where p.upload_id = u.id) returning u.id`,
  )
  return rows.length > 0
}
