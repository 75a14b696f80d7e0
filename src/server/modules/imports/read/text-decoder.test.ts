import { describe, expect, it } from 'vitest'
import { ImportFileError } from '../import-file-error.ts'
import { decodeText, decodeWindows1252 } from './text-decoder.ts'

async function decode(...chunks: Array<number[] | Buffer>): Promise<string> {
  const source = (async function* () {
    for (const chunk of chunks) yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)
  })()
  let text = ''
  for await (const piece of decodeText(source)) text += piece
  return text
}

const utf16le = (text: string) => Buffer.from(text, 'utf16le')
const utf16be = (text: string) => utf16le(text).swap16()

describe('decodeText', () => {
  it('reads UTF-8 with or without a BOM, and strips the BOM', async () => {
    expect(await decode(Buffer.from('\ufeffNumber,Name\n€1,Café'))).toBe('Number,Name\n€1,Café')
    expect(await decode(Buffer.from('Number,Name\n€1,Café'))).toBe('Number,Name\n€1,Café')
  })

  it('reads UTF-16 LE and BE by their BOM, and without one by their zero bytes', async () => {
    expect(await decode(Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le('Set,Qty\r\n€,1')]))).toBe(
      'Set,Qty\n€,1',
    )
    expect(await decode(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be('Set,Qty\n€,1')]))).toBe(
      'Set,Qty\n€,1',
    )
    expect(await decode(utf16le('Set,Qty\nA,1'))).toBe('Set,Qty\nA,1')
    expect(await decode(utf16be('Set,Qty\nA,1'))).toBe('Set,Qty\nA,1')
  })

  it('reads a file that is not valid UTF-8 as Windows-1252, with its € and curly quotes', async () => {
    // "Dumbledore’s €5 café" as Excel on Windows writes it.
    const bytes = Buffer.from([
      ...Buffer.from('Dumbledore'),
      0x92,
      ...Buffer.from('s '),
      0x80,
      0x35,
      0x20,
      0x63,
      0x61,
      0x66,
      0xe9,
    ])
    expect(await decode(bytes)).toBe('Dumbledore’s €5 café')
    expect(decodeWindows1252(Uint8Array.from([0x93, 0x94, 0x96, 0x99]))).toBe('“”–™')
  })

  it('decides the encoding from the first non-ASCII bytes, however far into the file they are', async () => {
    const ascii = Buffer.alloc(100_000, 'a')
    expect(await decode(ascii, Buffer.from([0xe9, 0x0a]))).toBe(`${ascii.toString()}é\n`)
    expect(await decode(ascii, Buffer.from('é\n'))).toBe(`${ascii.toString()}é\n`)
  })

  it('keeps a UTF-8 character that straddles two chunks', async () => {
    const euro = Buffer.from('x€y')
    expect(await decode(euro.subarray(0, 2), euro.subarray(2))).toBe('x€y')
    expect(await decode(euro.subarray(0, 3), euro.subarray(3))).toBe('x€y')
  })

  it('normalises CRLF, LF and old Mac CR line ends, also across chunks', async () => {
    expect(await decode(Buffer.from('a\r\nb\rc\nd\r'))).toBe('a\nb\nc\nd\n')
    expect(await decode(Buffer.from('a\r'), Buffer.from('\nb'))).toBe('a\nb')
    expect(await decode(Buffer.from('a\r'), Buffer.from('b'))).toBe('a\nb')
  })

  it('refuses binary files, naming what they look like', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
    await expect(decode(png)).rejects.toThrow('This is not a text file: it looks like a PNG image.')
    await expect(decode(Buffer.from('PK\u0003\u0004rest'))).rejects.toThrow('it looks like a ZIP archive')
    await expect(decode(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).rejects.toThrow('a JPEG image')
    await expect(decode(Buffer.from('%PDF-1.7\n'))).rejects.toThrow('a PDF document')
    await expect(decode(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]))).rejects.toThrow('a Windows program')
    await expect(decode(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1]))).rejects.toThrow('an ELF executable')
    await expect(decode(Buffer.from([0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x41]))).rejects.toThrow(
      'This is not a text file: it holds binary data.',
    )
  })

  it('refuses a NUL byte wherever it appears, and says the file is not text', async () => {
    const error = await decode(Buffer.alloc(200_000, 'a'), Buffer.from([0x61, 0x00, 0x62])).catch(
      (caught) => caught,
    )
    expect(error).toBeInstanceOf(ImportFileError)
    expect(error).toMatchObject({ statusCode: 400, code: 'NOT_A_TEXT_FILE' })
  })

  it('does not mistake text starting with "MZ" or "BM" for a program or an image', async () => {
    expect(await decode(Buffer.from('MZ-1,Mazda\n'))).toBe('MZ-1,Mazda\n')
    expect(await decode(Buffer.from('BM,x\n'))).toBe('BM,x\n')
  })
})
