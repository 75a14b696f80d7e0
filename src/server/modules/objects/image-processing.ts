import pLimit from 'p-limit'
import sharp, { type Metadata } from 'sharp'
import { HttpError } from '#server/errors.ts'
import {
  ACCEPTED_IMAGE_FORMATS,
  DISPLAY_MAX_SIDE,
  MAX_UPLOAD_PIXELS,
  THUMBNAIL_MAX_SIDE,
} from '#shared/contract/objects.ts'
import { type PhotoFormat, sniffImageType } from './image-type.ts'

// Every upload is a new picture: libvips' cache of recent operations would only hold memory.
sharp.cache(false)

/** A photo decoded and encoded again: the display size and the thumbnail, both WebP, without metadata. */
export interface ProcessedImage {
  display: Buffer
  thumbnail: Buffer
  /** The display size's dimensions, after the orientation is applied. */
  width: number
  height: number
}

export const PROCESSED_CONTENT_TYPE = 'image/webp'
export const PROCESSED_EXTENSION = 'webp'

const ACCEPTED = ACCEPTED_IMAGE_FORMATS.join(', ').replace(/, (?=[^,]*$)/, ' or ')

/**
 * Each decode of a 40-megapixel photo holds tens of MB for a moment: at most two at a time per process, so
 * a burst of uploads waits its turn instead of growing the server's memory (the bench measures one).
 */
const decoding = pLimit(2)

/**
 * Turns an uploaded file into the photo we store (DESIGN §6), or refuses it with a sentence saying why.
 * The type comes from the bytes; the size in pixels from the header, before anything is decoded (a tiny
 * file may declare 50,000 × 50,000); then sharp decodes it (refusing a file that is cut off or damaged),
 * turns it upright by its EXIF orientation, and encodes a display size and a thumbnail as WebP. Encoding
 * anew keeps only pixels: EXIF with its GPS position, XMP, comments, ICC profiles (colours are converted to
 * sRGB) and whatever else rode along in the file — a payload after the image's end too — are gone.
 */
export function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const sniffed = sniffImageType(bytes)
  if ('other' in sniffed) {
    const what = sniffed.other ? `This file is ${sniffed.other}` : 'This file is not a photo we can read'
    throw new HttpError(
      415,
      `${what}, whatever its name says. Photos must be ${ACCEPTED} images.`,
      'UNSUPPORTED_IMAGE_TYPE',
    )
  }
  return decoding(() => decodeAndEncode(bytes, sniffed.photo))
}

async function decodeAndEncode(bytes: Buffer, format: PhotoFormat): Promise<ProcessedImage> {
  // The header alone: no pixel is decoded here, whatever size it declares.
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw damaged(format)
    })
  if (formatOf(header) !== format) throw damaged(format)
  const pixels = header.width * header.height
  if (pixels > MAX_UPLOAD_PIXELS) {
    throw new HttpError(
      413,
      `This photo is ${header.width} × ${header.height} pixels (${megapixels(pixels)} megapixels); photos can ` +
        `be at most ${megapixels(MAX_UPLOAD_PIXELS)} megapixels. Make it smaller and upload it again.`,
      'IMAGE_TOO_MANY_PIXELS',
    )
  }
  try {
    // failOn 'error': a file cut off or with broken pixel data is refused; warnings real cameras cause
    // (extra bytes before a marker) are not. The pixel limit again, for the decoder itself.
    const display = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_UPLOAD_PIXELS })
      .rotate()
      .resize(DISPLAY_MAX_SIDE, DISPLAY_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true })
    // From the display size: far fewer pixels to decode than the original, and already upright.
    const thumbnail = await sharp(display.data)
      .resize(THUMBNAIL_MAX_SIDE, THUMBNAIL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer()
    return { display: display.data, thumbnail, width: display.info.width, height: display.info.height }
  } catch {
    throw damaged(format)
  }
}

/** sharp names AVIF by its container, HEIF, with AV1 compression. */
function formatOf(header: Metadata): PhotoFormat | undefined {
  if (header.format === 'heif') return header.compression === 'av1' ? 'avif' : undefined
  return ['jpeg', 'png', 'webp'].includes(header.format) ? (header.format as PhotoFormat) : undefined
}

const FORMAT_NAMES: Record<PhotoFormat, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', avif: 'AVIF' }

function damaged(format: PhotoFormat): HttpError {
  return new HttpError(
    400,
    `This ${FORMAT_NAMES[format]} file is damaged or cut off, so it cannot be read. Upload the photo again, ` +
      'or export it again from where it came from.',
    'IMAGE_DAMAGED',
  )
}

const megapixels = (pixels: number) =>
  (pixels / 1_000_000).toLocaleString('en', { maximumFractionDigits: pixels < 100_000_000 ? 1 : 0 })
