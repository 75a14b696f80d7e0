import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { App } from '#server/app.ts'
import type { Database } from '#server/db/client.ts'
import { tableChecksums } from './table-checksums.ts'

/** A fixture of test/fixtures/imports, as bytes. */
export function fixture(name: string): Buffer {
  return readFileSync(path.resolve(import.meta.dirname, '../fixtures/imports', name))
}

/** Text for a JSON body: the fixtures are UTF-8 unless a test reads them as bytes (Windows-1252 ones). */
export const fixtureText = (name: string) => fixture(name).toString('utf8')

/** `POST /api/import/data` with a JSON body. */
export function importJson(app: App, cookie: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/import/data', headers: { cookie }, payload })
}

/** A multipart/form-data body: text fields, then files in the field `file` (or the name given). */
export function multipart(
  fields: Record<string, string>,
  files: Array<{ name: string; content: Buffer; field?: string }>,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----brickfolio${randomBytes(8).toString('hex')}`
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.content,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** `POST /api/import/data` as a multipart upload. */
export function importUpload(
  app: App,
  cookie: string,
  fields: Record<string, string>,
  files: Array<{ name: string; content: Buffer; field?: string }>,
) {
  const body = multipart(fields, files)
  return app.inject({
    method: 'POST',
    url: '/api/import/data',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  })
}

/**
 * Checksums of the tables an import writes its data to. An import's own record (`import_jobs`,
 * `import_issues`) is left out: every commit is recorded, even one that changes nothing.
 */
export async function dataChecksums(db: Database) {
  const { import_jobs: _jobs, import_issues: _issues, ...data } = await tableChecksums(db)
  return data
}
