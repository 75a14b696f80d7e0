import { HttpError } from '#server/errors.ts'

/**
 * A file that cannot be imported at all — not recognised, binary, cut off, too large, an XML document type
 * (an entity bomb's carrier) — said in one sentence the user can act on. Nothing of such a file is written:
 * a commit reads the whole file before it writes (import.service.ts).
 */
export class ImportFileError extends HttpError {
  constructor(message: string, code = 'BAD_IMPORT_FILE', statusCode = 400) {
    super(statusCode, message, code)
  }
}
