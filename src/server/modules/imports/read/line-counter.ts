/**
 * The line of a position in a stream read chunk by chunk, without keeping the stream: positions are asked
 * in increasing order (an XML item's `<`, a JSON value's first byte), so the chunks before the last asked
 * position are counted once and dropped. Works on strings (character positions, htmlparser2) and on
 * Buffers (byte positions, @streamparser/json); lines are '\n'-separated (the decoder normalises CR/CRLF).
 */
type Chunk = string | Uint8Array

const NEWLINE = '\n'
const NEWLINE_BYTE = 0x0a

function countNewlines(chunk: Chunk, from: number, to: number): number {
  let count = 0
  if (typeof chunk === 'string') {
    for (let at = chunk.indexOf(NEWLINE, from); at !== -1 && at < to; at = chunk.indexOf(NEWLINE, at + 1))
      count++
  } else {
    for (
      let at = chunk.indexOf(NEWLINE_BYTE, from);
      at !== -1 && at < to;
      at = chunk.indexOf(NEWLINE_BYTE, at + 1)
    )
      count++
  }
  return count
}

export class LineCounter {
  private chunks: Chunk[] = []
  /** Stream position where `chunks[0]` starts. */
  private chunksStart = 0
  /** Position up to which newlines are counted, and the line it is on. */
  private cursor = 0
  private cursorLine = 1

  push(chunk: Chunk): void {
    this.chunks.push(chunk)
  }

  /** The 1-based line of stream position `position` (not before an earlier asked position). */
  lineAt(position: number): number {
    const target = Math.max(position, this.cursor)
    while (this.chunks.length > 0) {
      const chunk = this.chunks[0] as Chunk
      const chunkEnd = this.chunksStart + chunk.length
      const from = this.cursor - this.chunksStart
      const to = Math.min(target, chunkEnd) - this.chunksStart
      this.cursorLine += countNewlines(chunk, from, to)
      this.cursor = this.chunksStart + to
      if (target < chunkEnd) break
      this.chunks.shift()
      this.chunksStart = chunkEnd
    }
    return this.cursorLine
  }
}
