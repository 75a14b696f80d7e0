import type { Multipart } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { HttpError } from '#server/errors.ts'
import { MAX_UPLOAD_BYTES } from '#shared/contract/objects.ts'

/** The form's field that carries the photo. */
export const IMAGE_FIELD = 'image'

/**
 * Busboy's limits for an upload form: one file of at most 8 MB, counted as it arrives; a few short text
 * fields (ignored) so that a form a browser adds a field to still works.
 */
export const UPLOAD_FORM_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  parts: 11,
  headerPairs: 20,
}

/** Room for the form's boundaries, part headers and short fields beside the largest file. */
const FORM_SLACK_BYTES = 64 * 1024

/**
 * Refuses, before any of the body is read, what cannot be an upload form: another kind of body, or one that
 * declares more bytes than the largest photo and its form.
 */
export function checkUploadRequest(request: FastifyRequest): void {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
  if (type !== 'multipart/form-data') {
    throw new HttpError(
      415,
      `Send the photo as a multipart/form-data form with the file in the field "${IMAGE_FIELD}"` +
        `${type ? `, not as ${type}` : ''}.`,
      'UPLOAD_NOT_A_FORM',
    )
  }
  const declared = Number(request.headers['content-length'])
  if (declared > MAX_UPLOAD_BYTES + FORM_SLACK_BYTES) throw tooLarge()
}

export const tooLarge = () =>
  new HttpError(
    413,
    `The photo is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Make it smaller and upload it again.`,
    'IMAGE_TOO_LARGE',
  )

/**
 * The photo's bytes from the form's one file, read as it arrives: at most 8 MB are ever held, and past that
 * the stream is stopped at once rather than read (and dropped) to the end of a 200 MB body.
 */
export async function receiveImage(request: FastifyRequest): Promise<Buffer> {
  let image: Buffer | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') continue
      if (part.fieldname !== IMAGE_FIELD) {
        part.file.resume()
        throw new HttpError(
          400,
          `Send the photo in the form field "${IMAGE_FIELD}", not "${printable(part.fieldname)}".`,
          'NO_IMAGE',
        )
      }
      image = await readFile(part)
    }
  } catch (error) {
    throw formError(error)
  }
  if (image === undefined) {
    throw new HttpError(
      400,
      `Choose a photo to upload: the form has no file in the field "${IMAGE_FIELD}".`,
      'NO_IMAGE',
    )
  }
  if (image.length === 0) throw new HttpError(400, 'The file is empty: choose a photo.', 'NO_IMAGE')
  return image
}

async function readFile(part: Multipart & { type: 'file' }): Promise<Buffer> {
  part.file.once('limit', () => part.file.destroy(tooLarge()))
  const chunks: Buffer[] = []
  for await (const chunk of part.file) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** What went wrong with the form, in words a person can act on; our own refusals pass as they are. */
function formError(error: unknown): unknown {
  if (error instanceof HttpError) return error
  const { code, message } = error as { code?: string; message?: string }
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge()
  if (code === 'FST_FILES_LIMIT')
    return new HttpError(400, 'Send one photo at a time: the form has more than one file.', 'TOO_MANY_FILES')
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION')
    return new HttpError(400, 'The form has too many fields: send only the photo.', 'BAD_UPLOAD_FORM')
  if (code === 'ECONNRESET' || message === 'aborted' || message?.includes('terminated early'))
    return new HttpError(400, 'The upload broke off before the end: send the photo again.', 'UPLOAD_BROKEN')
  if (message && /^(Multipart|Malformed|Unexpected end of (form|multipart))/i.test(message))
    return new HttpError(
      400,
      `The form could not be read (${message}). Send the photo as a multipart/form-data form.`,
      'BAD_UPLOAD_FORM',
    )
  return error
}

/** A field name is shown back: no control characters, and not too long. */
const printable = (text: string) => text.replace(/[\p{Cc}\p{Cf}]/gu, '').slice(0, 100)
