import { ConfigError } from '../config.ts'
import { DataDirInUseError } from '../db/data-dir-lock.ts'

/**
 * How a command reports why it failed: a sentence for the failures a person can act on (a bad setting, the
 * embedded database in use, the command's own `readable` errors), the whole error for anything else.
 */
export function printFailure(
  error: unknown,
  readable: ReadonlyArray<abstract new (...args: never[]) => Error> = [],
) {
  if (error instanceof DataDirInUseError) {
    console.error(
      `${error.message} Stop the server first, or run this command against PostgreSQL (DATABASE_URL).`,
    )
  } else if (error instanceof ConfigError || readable.some((kind) => error instanceof kind)) {
    console.error((error as Error).message)
  } else {
    console.error(error)
  }
}
