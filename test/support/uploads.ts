import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import type { App } from '#server/app.ts'

export interface FormFile {
  content: Buffer
  /** The name the browser says the file has. */
  filename?: string
  /** The type the browser declares for it. */
  contentType?: string
  /** The form field it is sent in (default `image`). */
  field?: string
}

/** A multipart/form-data body of text fields and files, as a browser's form sends it. */
export function form(
  files: FormFile[],
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----brickfolio${randomBytes(8).toString('hex')}`
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'image'}"; ` +
          `filename="${file.filename ?? 'photo.jpg'}"\r\nContent-Type: ${file.contentType ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** `POST /api/objects/upload` with the files as a form. */
export function uploadPhoto(app: App, cookie: string | undefined, ...files: FormFile[]) {
  const body = form(files)
  return app.inject({
    method: 'POST',
    url: '/api/objects/upload',
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  })
}

export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'avif'

/**
 * A photo made at test time: a colour gradient with a little noise (so that encoders have something to
 * do), in the format asked, optionally with EXIF (an orientation, a GPS position).
 */
export async function makePhoto(
  format: PhotoFormat,
  {
    width = 640,
    height = 480,
    orientation,
    gps = false,
  }: { width?: number; height?: number; orientation?: number; gps?: boolean } = {},
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3
      const noise = ((x * 7919 + y * 104_729) % 23) - 11
      pixels[at] = clamp((255 * x) / width + noise)
      pixels[at + 1] = clamp((255 * y) / height + noise)
      pixels[at + 2] = clamp(128 + noise)
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } })
  if (gps) {
    image = image.withExif({
      IFD0: { Make: 'Brickfolio test camera', Model: 'Phone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2604/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3966/100',
      },
    })
  }
  if (orientation) image = image.withMetadata({ orientation })
  return image.toFormat(format).toBuffer()
}

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)))

/** Whether EXIF data carries a GPS position: the GPS IFD's pointer tag (0x8825), in either byte order. */
export function hasGpsPointer(exif: Buffer | undefined): boolean {
  if (!exif) return false
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))
}
