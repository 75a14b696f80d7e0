/**
 * What a binary file is, from its first bytes (its "magic number"), so a refusal can say "it looks like a
 * PNG image" rather than "unrecognised header". Short signatures that ordinary text could start with
 * ("MZ", "BM") only count in a file that also has a NUL byte near its start.
 */
interface Signature {
  bytes: readonly number[] | string
  offset?: number
  weak?: boolean
  looksLike: string
}

const OFFICE_HINT = 'open it in your spreadsheet and save it as CSV first'

const SIGNATURES: readonly Signature[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], looksLike: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], looksLike: 'a JPEG image' },
  { bytes: 'GIF87a', looksLike: 'a GIF image' },
  { bytes: 'GIF89a', looksLike: 'a GIF image' },
  { bytes: 'WEBP', offset: 8, looksLike: 'a WebP image' },
  { bytes: 'ftyp', offset: 4, looksLike: 'a video or HEIC photo' },
  { bytes: [0x49, 0x49, 0x2a, 0x00], looksLike: 'a TIFF image' },
  { bytes: [0x4d, 0x4d, 0x00, 0x2a], looksLike: 'a TIFF image' },
  { bytes: '%PDF-', looksLike: 'a PDF document' },
  {
    bytes: [0x50, 0x4b, 0x03, 0x04],
    looksLike: `a ZIP archive (an .xlsx or .ods spreadsheet is one: ${OFFICE_HINT})`,
  },
  { bytes: [0x50, 0x4b, 0x05, 0x06], looksLike: 'an empty ZIP archive' },
  {
    bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
    looksLike: `an old Microsoft Office file such as .xls (${OFFICE_HINT})`,
  },
  { bytes: [0x1f, 0x8b], looksLike: 'a gzip archive inside a gzip archive' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], looksLike: 'a 7-Zip archive' },
  { bytes: 'Rar!', looksLike: 'a RAR archive' },
  { bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], looksLike: 'an XZ archive' },
  { bytes: 'ustar', offset: 257, looksLike: 'a tar archive' },
  { bytes: 'SQLite format 3', looksLike: 'an SQLite database' },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], looksLike: 'a program (an ELF executable)' },
  { bytes: [0xcf, 0xfa, 0xed, 0xfe], looksLike: 'a program (a macOS executable)' },
  { bytes: [0xca, 0xfe, 0xba, 0xbe], looksLike: 'a program (a macOS or Java executable)' },
  { bytes: 'MZ', weak: true, looksLike: 'a Windows program' },
  { bytes: 'BM', weak: true, looksLike: 'a BMP image' },
  { bytes: 'BZh', weak: true, looksLike: 'a bzip2 archive' },
  { bytes: [0x00, 0x00, 0x01, 0x00], looksLike: 'an icon (.ico) image' },
]

function matches(head: Uint8Array, signature: Signature): boolean {
  const bytes =
    typeof signature.bytes === 'string'
      ? Buffer.from(signature.bytes, 'latin1')
      : Uint8Array.from(signature.bytes)
  const offset = signature.offset ?? 0
  if (head.length < offset + bytes.length) return false
  return bytes.every((byte, index) => head[offset + index] === byte)
}

/** What the file looks like when its first bytes are a known binary format's; undefined for anything else. */
export function binaryFormatOf(head: Uint8Array): string | undefined {
  const hasNul = head.subarray(0, 1024).includes(0)
  return SIGNATURES.find((signature) => (!signature.weak || hasNul) && matches(head, signature))?.looksLike
}

/** The sentence every binary refusal uses. */
export function notTextMessage(looksLike: string | undefined): string {
  return looksLike
    ? `This is not a text file: it looks like ${looksLike}. Import the CSV, XML or JSON file the site exported.`
    : 'This is not a text file: it holds binary data. Import the CSV, XML or JSON file the site exported.'
}
