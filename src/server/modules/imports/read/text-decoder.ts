import { ImportFileError } from '../import-file-error.ts'
import { binaryFormatOf, notTextMessage } from './file-signatures.ts'

/**
 * Bytes to text, the way the exporting tools write them: a BOM says UTF-8, UTF-16 LE or UTF-16 BE; UTF-16
 * without a BOM shows in its zero bytes; otherwise a file is UTF-8 when its first non-ASCII bytes are valid
 * UTF-8, and Windows-1252 (what Excel and older Brickset exports write on Windows) when they are not.
 * The decision waits for the first non-ASCII byte, so it costs no extra read: before it, both decode alike.
 * Line ends are normalised to '\n' (CRLF, LF and old Mac CR alike), so every reader counts lines one way.
 * A binary file is refused by its first bytes, or by a NUL byte wherever it appears.
 */

/** Windows-1252's characters for bytes 0x80–0x9F (latin1 has control codes there). */
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178'
const C1_CONTROLS = /[\u0080-\u009f]/g

/**
 * Node's TextDecoder('windows-1252') decodes as latin1 (0x80–0x9F come out as control codes, not € ‘ ’ “ ”),
 * so the 32 characters that differ are mapped here.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(C1_CONTROLS, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80] as string)
}

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252'

const BOMS: Array<{ bytes: number[]; encoding: Encoding }> = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
]

const startsWith = (head: Uint8Array, bytes: number[]) => bytes.every((byte, index) => head[index] === byte)

/** UTF-16 without a BOM: ASCII text with a zero byte beside every character. */
function utf16WithoutBom(head: Uint8Array): Encoding | undefined {
  const pairs = Math.min(64, Math.floor(head.length / 2))
  if (pairs < 2) return undefined
  let evenZero = 0
  let oddZero = 0
  for (let pair = 0; pair < pairs; pair++) {
    if (head[pair * 2] === 0) evenZero++
    if (head[pair * 2 + 1] === 0) oddZero++
  }
  if (oddZero === pairs && evenZero === 0) return 'utf-16le'
  if (evenZero === pairs && oddZero === 0) return 'utf-16be'
  return undefined
}

/** Control characters other than tab, line ends and form feed: a text file has next to none. */
function looksBinary(head: Uint8Array): boolean {
  const sample = head.subarray(0, 4096)
  let controls = 0
  for (const byte of sample)
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) controls++
  return sample.length > 0 && controls / sample.length > 0.1
}

function firstNonAscii(bytes: Uint8Array): number {
  for (let index = 0; index < bytes.length; index++) if ((bytes[index] as number) >= 0x80) return index
  return -1
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true })
    return true
  } catch {
    return false
  }
}

function refuseNul(bytes: Uint8Array): void {
  if (bytes.includes(0)) throw new ImportFileError(notTextMessage(binaryFormatOf(bytes)), 'NOT_A_TEXT_FILE')
}

/** Normalises line ends across chunk borders: a CR at a chunk's end may be the first half of a CRLF. */
class LineEnds {
  private heldCr = false

  take(text: string): string {
    let joined = this.heldCr ? `\r${text}` : text
    this.heldCr = joined.endsWith('\r')
    if (this.heldCr) joined = joined.slice(0, -1)
    return joined.includes('\r') ? joined.replace(/\r\n?/g, '\n') : joined
  }

  flush(): string {
    return this.heldCr ? '\n' : ''
  }
}

/** Decodes the file's bytes into text chunks (see the file comment). */
export async function* decodeText(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const iterator = chunks[Symbol.asyncIterator]()
  const lineEnds = new LineEnds()
  let pending: Buffer = Buffer.alloc(0)
  let done = false
  const pull = async () => {
    const next = await iterator.next()
    if (next.done) done = true
    else pending = pending.length === 0 ? next.value : Buffer.concat([pending, next.value])
  }
  try {
    while (!done && pending.length < 1024) await pull()
    const looksLike = binaryFormatOf(pending)
    if (looksLike) throw new ImportFileError(notTextMessage(looksLike), 'NOT_A_TEXT_FILE')
    const bom = BOMS.find(({ bytes }) => startsWith(pending, bytes))
    let encoding: Encoding | undefined = bom?.encoding ?? utf16WithoutBom(pending)
    if (bom) pending = pending.subarray(bom.bytes.length)
    if (!encoding?.startsWith('utf-16') && (pending.includes(0) || looksBinary(pending)))
      throw new ImportFileError(notTextMessage(undefined), 'NOT_A_TEXT_FILE')

    let decoder: TextDecoder | undefined
    let first = true
    const emit = (text: string) => {
      let out = lineEnds.take(text)
      if (first && out.length > 0) {
        first = false
        if (out.charCodeAt(0) === 0xfeff) out = out.slice(1)
      }
      if (encoding?.startsWith('utf-16') && out.includes('\0'))
        throw new ImportFileError(notTextMessage(undefined), 'NOT_A_TEXT_FILE')
      return out
    }
    for (;;) {
      if (pending.length > 0) {
        if (encoding === undefined) {
          const at = firstNonAscii(pending)
          // Decide on the first non-ASCII bytes, with a few bytes after them (a UTF-8 sequence may straddle chunks).
          if (at !== -1 && (done || pending.length - at >= 4))
            encoding = isUtf8(pending.subarray(at)) ? 'utf-8' : 'windows-1252'
        }
        if (encoding !== 'utf-16le' && encoding !== 'utf-16be') refuseNul(pending)
        let text: string
        if (encoding === undefined || encoding === 'windows-1252') {
          // Undecided means all ASCII so far (but for a short tail held back for the decision).
          const at = encoding === undefined ? firstNonAscii(pending) : -1
          const ready = at === -1 ? pending : pending.subarray(0, at)
          text = decodeWindows1252(ready)
          pending = at === -1 ? Buffer.alloc(0) : pending.subarray(at)
        } else {
          decoder ??= new TextDecoder(encoding)
          text = decoder.decode(pending, { stream: true })
          pending = Buffer.alloc(0)
        }
        const out = emit(text)
        if (out.length > 0) yield out
      }
      if (done) break
      await pull()
    }
    const tail = emit(decoder ? decoder.decode() : '') + lineEnds.flush()
    if (tail.length > 0) yield tail
  } finally {
    await iterator.return?.()
  }
}
