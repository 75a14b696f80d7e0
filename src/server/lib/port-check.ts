import { lookup } from 'node:dns/promises'
import { createServer } from 'node:net'

/** The port cannot be listened on; the message is the one sentence the server prints before it exits. */
export class PortUnavailableError extends Error {}

/** The sentence for a listen error on `port`, or undefined when the error is not about the port. */
export function portProblem(error: unknown, port: number): string | undefined {
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'EADDRINUSE') return `Port ${port} is already in use: stop the other server or set PORT.`
  if (code === 'EACCES')
    return `Port ${port} needs privileges this user does not have: set PORT to 1024 or above.`
  return undefined
}

/**
 * Fails with a PortUnavailableError when the server could not listen on `port`, before any database work (a
 * busy port used to surface only after opening and migrating the database). Each address the server would
 * listen on is tried and let go at once: for `localhost`, as Fastify does, both 127.0.0.1 and ::1 (another
 * server on either would answer half of the browser's requests). Port 0 (any free port) is always free.
 */
export async function checkPortFree({ port, host }: { port: number; host: string }): Promise<void> {
  if (port === 0) return
  const addresses =
    host === 'localhost' ? (await lookup(host, { all: true })).map((entry) => entry.address) : [host]
  for (const [index, address] of addresses.entries()) {
    try {
      await listenAndLetGo(port, address)
    } catch (error) {
      const problem = portProblem(error, port)
      if (problem) throw new PortUnavailableError(problem)
      // A second address of localhost this machine lacks (IPv6 off): Fastify skips it too.
      if (index > 0) continue
      throw error
    }
  }
}

function listenAndLetGo(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve()))
  })
}
