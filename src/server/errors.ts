/** An error a person can act on: its message is sent to the client with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message)
  }
}

export const notFound = (message: string) => new HttpError(404, message, 'NOT_FOUND')
export const badRequest = (message: string) => new HttpError(400, message, 'BAD_REQUEST')
export const conflict = (message: string) => new HttpError(409, message, 'CONFLICT')
export const forbidden = (message: string) => new HttpError(403, message, 'FORBIDDEN')
