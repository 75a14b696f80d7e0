import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** A message as the SMTP server received it, with its headers and its two bodies decoded. */
export interface ReceivedMail {
  to: string[]
  raw: string
  headers: Map<string, string>
  subject: string
  text: string
  html: string
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps what it is sent. `refuse` makes it
 * answer every message with a temporary failure (451), `stop`/`start` take it off the port and back.
 */
export class SmtpSink {
  readonly messages: ReceivedMail[] = []
  refuse = false
  private server: SMTPServer | null = null
  port = 0

  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          if (this.refuse) {
            const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 })
            return callback(error)
          }
          const to = session.envelope.rcptTo.map((address) => address.address)
          this.messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), to))
          callback()
        })
      },
    })
    this.server = server
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
    this.port = (server.server.address() as AddressInfo).port
    return this
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = null
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`
  }

  to(email: string) {
    return this.messages.filter((message) => message.to.includes(email))
  }

  /** Waits until `count` messages went to `email` (or fails after `ms`). */
  async waitFor(email: string, count: number, ms = 5000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + ms
    while (this.to(email).length < count) {
      if (Date.now() > deadline)
        throw new Error(`Expected ${count} messages to ${email}, got ${this.to(email).length}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return this.to(email)
  }
}

/** RFC 2047 words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_word, _charset, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = []
  const soft = text.replace(/=\r?\n/g, '')
  for (let index = 0; index < soft.length; index++) {
    const hex = soft.slice(index + 1, index + 3)
    if (soft[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      index += 2
    } else bytes.push(...Buffer.from(soft[index] as string, 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

function splitHeaders(part: string): { headers: Map<string, string>; body: string } {
  const end = part.indexOf('\r\n\r\n')
  const head = end === -1 ? part : part.slice(0, end)
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), decodeWords(line.slice(colon + 1).trim()))
  }
  return { headers, body: end === -1 ? '' : part.slice(end + 4) }
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body)
  return body
}

/** Enough of MIME for our messages: a text/plain and a text/html part, possibly in multipart/alternative. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const { headers, body } = splitHeaders(raw)
  const bodies = { text: '', html: '' }
  const collect = (partHeaders: Map<string, string>, partBody: string) => {
    const type = partHeaders.get('content-type') ?? 'text/plain'
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
    if (type.startsWith('multipart/') && boundary) {
      for (const part of partBody.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break
        const inner = splitHeaders(part.replace(/^\r\n/, ''))
        collect(inner.headers, inner.body)
      }
    } else if (type.startsWith('text/html')) bodies.html = decodeBody(partHeaders, partBody)
    else if (type.startsWith('text/plain')) bodies.text = decodeBody(partHeaders, partBody)
  }
  collect(headers, body)
  return { to, raw, headers, subject: headers.get('subject') ?? '', ...bodies }
}
