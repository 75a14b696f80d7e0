/** The photo formats we decode: what sharp calls them in `metadata().format`. */
export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'avif'

/** What a file's first bytes say it is: a photo format we take, or the name of what it is instead. */
export type SniffedType = { photo: PhotoFormat } | { other: string | undefined }

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte)
const ascii = (bytes: Buffer, from: number, to: number) => bytes.subarray(from, to).toString('latin1')

/**
 * The file's type from its first bytes, never from its name or declared type (DESIGN §6): JPEG, PNG, WebP
 * and AVIF are photos; for a few other kinds people send by mistake we name what it is, so the refusal can
 * say so. A file that starts as anything else (an HTML page with an image inside it) is not a photo.
 */
export function sniffImageType(bytes: Buffer): SniffedType {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { photo: 'jpeg' }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { photo: 'png' }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { photo: 'webp' }
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brands = fileTypeBrands(bytes)
    if (brands.some((brand) => brand === 'avif' || brand === 'avis')) return { photo: 'avif' }
    if (brands.some((brand) => /^(heic|heix|hevc|heim|heis|mif1|msf1)$/.test(brand)))
      return { other: 'a HEIC photo' }
    return { other: undefined }
  }
  if (ascii(bytes, 0, 4) === 'GIF8') return { other: 'a GIF image' }
  if (ascii(bytes, 0, 2) === 'BM') return { other: 'a BMP image' }
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return { other: 'a TIFF image' }
  if (ascii(bytes, 0, 5) === '%PDF-') return { other: 'a PDF document' }
  const text = ascii(bytes, 0, 512)
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, '')
    .trimStart()
    .toLowerCase()
  if (text.startsWith('<svg') || (text.startsWith('<?xml') && text.includes('<svg')))
    return { other: 'an SVG drawing' }
  if (/^<(!doctype html|html|head|body|script|iframe|meta|div|p\b)/.test(text)) return { other: 'a web page' }
  return { other: undefined }
}

/**
 * The brands of an ISO media file's `ftyp` box (its major brand, then the compatible ones): AVIF photos say
 * `avif` (or `avis` for a sequence), often beside `mif1`; HEIC photos, which we cannot decode, say `heic`.
 */
function fileTypeBrands(bytes: Buffer): string[] {
  const boxSize = bytes.length >= 4 ? bytes.readUInt32BE(0) : 0
  const end = Math.min(boxSize, bytes.length, 256)
  const brands = [ascii(bytes, 8, 12)]
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, offset + 4))
  return brands
}
