import { z } from 'zod'

/** The photo formats an upload may be in, recognised by their bytes (DESIGN §6). */
export const ACCEPTED_IMAGE_FORMATS = ['JPEG', 'PNG', 'WebP', 'AVIF'] as const
/** The same formats as media types, for a file picker's `accept`. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const
/** Largest upload: 8 MB of file. */
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024
/** Largest upload: 40 megapixels (width × height), read from the file's header before it is decoded. */
export const MAX_UPLOAD_PIXELS = 40_000_000
/** The display size's longest side; a smaller photo keeps its size. */
export const DISPLAY_MAX_SIDE = 1600
/** The thumbnail's longest side. */
export const THUMBNAIL_MAX_SIDE = 400

/**
 * A stored object's name: 22 random base64url characters (128 bits) and its extension. Nothing else is ever
 * a name, so no path can be spelled with one.
 */
export const OBJECT_NAME_PATTERN = /^[A-Za-z0-9_-]{22}\.webp$/
/** Where a stored object is served: `/objects/` and its name, the form an upload's `objectPath` takes. */
export const OBJECT_PATH_PATTERN = new RegExp(`^/objects/${OBJECT_NAME_PATTERN.source.slice(1)}`)

/** `POST /api/objects/upload` → 201: where the photo is served, at both sizes. */
export const uploadedImageSchema = z.object({
  /** The display size (≤ 1600 px), e.g. `/objects/3fQ…9a.webp`: what a post's `imageUrl` is. */
  objectPath: z.string(),
  /** The thumbnail (≤ 400 px). */
  thumbnailPath: z.string(),
  /** The display size's width and height in pixels, after the photo's orientation is applied. */
  width: z.number().int(),
  height: z.number().int(),
})
export type UploadedImage = z.infer<typeof uploadedImageSchema>

/** `GET /objects/{name}`. */
export const objectNameParamsSchema = z.object({
  name: z.string().regex(OBJECT_NAME_PATTERN, {
    message: 'name must be the name of a stored photo, such as 3fQ0aZ4k1m9XbC2dE7gH_w.webp',
  }),
})
