import type { AddressInfo } from 'node:net'
import { createConnection, createServer, type Socket } from 'node:net'

export interface TcpProxy {
  /** `host:port` of the proxy on 127.0.0.1. */
  address: string
  /** Connections open through the proxy now (each one a pair of sockets). */
  openConnections: () => number
  /**
   * Cuts every connection at once with a TCP reset, as a network failure or a failover does, and resets each
   * new one until `restore()`.
   */
  cut: () => void
  restore: () => void
  /** Resets each connection open now when its client next sends anything (a query on a pooled connection). */
  cutOnNextQuery: () => void
  close: () => Promise<void>
}

/**
 * A small real TCP proxy on 127.0.0.1 in front of `target` (e.g. PostgreSQL), for tests that need the
 * network between the app and its database to fail abruptly: a polite server-side termination is handled by
 * pg differently from a connection that simply dies.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>()
  let refusing = false
  const server = createServer((incoming) => {
    if (refusing) {
      incoming.resetAndDestroy()
      return
    }
    const outgoing = createConnection(target)
    const pair: [Socket, Socket] = [incoming, outgoing]
    pairs.add(pair)
    // Either side failing ends both, as one cable would.
    const end = () => {
      pairs.delete(pair)
      if (!incoming.destroyed) incoming.resetAndDestroy()
      if (!outgoing.destroyed) outgoing.destroy()
    }
    incoming.on('error', end).on('close', end)
    outgoing.on('error', end).on('close', end)
    incoming.pipe(outgoing)
    outgoing.pipe(incoming)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  const resetAll = () => {
    for (const [incoming, outgoing] of pairs) {
      incoming.resetAndDestroy()
      outgoing.resetAndDestroy()
    }
    pairs.clear()
  }

  return {
    address: `127.0.0.1:${port}`,
    openConnections: () => pairs.size,
    cutOnNextQuery: () => {
      for (const pair of pairs) {
        const [incoming] = pair
        incoming.unpipe()
        incoming.once('data', () => {
          pairs.delete(pair)
          for (const socket of pair) socket.resetAndDestroy()
        })
        // unpipe() paused the socket, and a paused socket emits no 'data'.
        incoming.resume()
      }
    },
    cut: () => {
      refusing = true
      resetAll()
    },
    restore: () => {
      refusing = false
    },
    close: () =>
      new Promise<void>((resolve) => {
        resetAll()
        server.close(() => resolve())
      }),
  }
}
