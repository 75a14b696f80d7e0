import { connect } from 'node:net'

export interface RawResponse {
  status: number
  headers: string
  body: string
}

/**
 * Sends one request exactly as written (request line, headers, body) over a plain socket: `app.inject`
 * and HTTP clients normalise the request target, so absolute-form and oddly spelled targets need this.
 */
export function rawRequest(
  port: number,
  requestLine: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<RawResponse> {
  const lines = [
    requestLine,
    'Host: 127.0.0.1',
    'Connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ]
  if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`)
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const [head = '', ...rest] = text.split('\r\n\r\n')
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0)
      resolve({ status, headers: head, body: rest.join('\r\n\r\n') })
    })
    // Written, not ended: a client that half-closes first may see the server drop the connection.
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`)
  })
}
