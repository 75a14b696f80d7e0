import { randomBytes } from 'node:crypto'
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { OBJECT_NAME_PATTERN } from '#shared/contract/objects.ts'
import type { ObjectStorage, StoredObject } from './object-storage.ts'

/** A file's media type from its extension: we write WebP only, and serve nothing we did not write. */
const CONTENT_TYPES: Record<string, string> = { '.webp': 'image/webp' }

/**
 * Objects as files in one folder (UPLOAD_DIR, `./data/uploads` by default). A name is checked against the
 * one pattern of names before it becomes a path, so no name reaches outside the folder.
 */
export class LocalObjectStorage implements ObjectStorage {
  readonly description: string
  private readonly dir: string
  private ready: Promise<unknown> | undefined

  constructor(dir: string) {
    this.dir = path.resolve(dir)
    this.description = `local disk (${dir})`
  }

  async put(name: string, body: Buffer, contentType: string): Promise<void> {
    const file = this.fileOf(name)
    if (CONTENT_TYPES[path.extname(name)] !== contentType)
      throw new Error(`${name} would not be served as ${contentType}`)
    this.ready ??= mkdir(this.dir, { recursive: true })
    await this.ready
    // Written aside, then renamed: a reader never sees half an object.
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`
    try {
      await writeFile(partial, body, { flag: 'wx' })
      await rename(partial, file)
    } catch (error) {
      await rm(partial, { force: true })
      throw error
    }
  }

  async get(name: string): Promise<StoredObject | undefined> {
    if (!OBJECT_NAME_PATTERN.test(name)) return undefined
    const handle = await open(this.fileOf(name), 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined
      throw error
    })
    if (!handle) return undefined
    const { size } = await handle.stat().catch(async (error: unknown) => {
      await handle.close()
      throw error
    })
    return {
      body: handle.createReadStream(),
      contentType: CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream',
      size,
    }
  }

  async remove(name: string): Promise<void> {
    await rm(this.fileOf(name), { force: true })
  }

  close(): void {
    // Nothing held open between calls.
  }

  private fileOf(name: string): string {
    if (!OBJECT_NAME_PATTERN.test(name)) throw new Error(`not an object name: ${JSON.stringify(name)}`)
    return path.join(this.dir, name)
  }
}
