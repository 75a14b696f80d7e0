/** What the Share Photo dialog accepts (spec 02 §5; issue 14: the server recognises these by their bytes). */
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '#shared/contract/objects.ts'
import { COMMUNITY_TEXTS } from './community-texts.ts'

/** The picker offers the image types the server accepts; it refuses anything else whatever its name says. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_IMAGE_TYPES.join(',')

const MAX_MEGABYTES = MAX_UPLOAD_BYTES / (1024 * 1024)
export const PHOTO_HINT = `JPEG, PNG, WebP or AVIF, up to ${MAX_MEGABYTES} MB`
export const TOO_LARGE = `This photo is larger than ${MAX_MEGABYTES} MB. Please choose a smaller one.`

/**
 * Why a chosen file cannot be shared, before it is sent: not one of the accepted types by what the browser
 * says of it, or over the server's size limit (a large file is not uploaded only to be refused). The
 * server's own check, by the file's bytes, is the real one. Undefined: it may be sent.
 */
export function imageRefusal(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return COMMUNITY_TEXTS.wrongType
  if (file.size > MAX_UPLOAD_BYTES) return TOO_LARGE
  return undefined
}

/** The spec's rule for the share button: a caption, after trimming. */
export function hasCaption(caption: string): boolean {
  return caption.trim().length > 0
}

/** The item a post will show, as the dialog keeps it (a search result, or the item page's own item). */
export interface LinkedItem {
  id: number
  number: string
  name: string
  type: 'set' | 'minifig'
  imageUrl: string | null
}
