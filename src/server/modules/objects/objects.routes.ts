import { Socket } from 'node:net'
import multipart from '@fastify/multipart'
import { z } from 'zod'
import { errors, json } from '#server/lib/responses.ts'
import { signedInRoutes } from '#server/plugins/signed-in.ts'
import {
  ACCEPTED_IMAGE_FORMATS,
  DISPLAY_MAX_SIDE,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_PIXELS,
  THUMBNAIL_MAX_SIDE,
  uploadedImageSchema,
} from '#shared/contract/objects.ts'
import { checkUploadRequest, IMAGE_FIELD, receiveImage, UPLOAD_FORM_LIMITS } from './image-upload.ts'
import { uploadImage } from './objects.service.ts'

const tags = ['Photos']
/** How long the rest of a refused upload is read and dropped before its connection ends. */
const UNREAD_BODY_LINGER_MS = 2000

/** The form as the API reference shows it; the handler reads it part by part (image-upload.ts). */
const uploadFormSchema = z.object({
  [IMAGE_FIELD]: z.string().meta({
    format: 'binary',
    description: `The photo: ${ACCEPTED_IMAGE_FORMATS.join(', ')}; at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB and ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels`,
  }),
})

/** Photo uploads (DESIGN §6, ADR 019): signed-in members with access to the beta. */
export const objectsRoutes = signedInRoutes(async (app) => {
  await app.register(multipart, { limits: UPLOAD_FORM_LIMITS })

  app.post(
    '/objects/upload',
    {
      schema: {
        tags,
        summary: 'Upload a photo (multipart form, field `image`) for a post',
        description:
          `The file's type is read from its bytes (${ACCEPTED_IMAGE_FORMATS.join(', ')}), whatever its name or ` +
          'declared type. It is decoded and encoded again as WebP without any metadata (EXIF and its GPS ' +
          `position are dropped), turned upright, and stored at two sizes: at most ${DISPLAY_MAX_SIDE} px ` +
          `(\`objectPath\`, a post's \`imageUrl\`) and at most ${THUMBNAIL_MAX_SIDE} px (\`thumbnailPath\`). ` +
          'An upload no post uses is removed after a day.',
        consumes: ['multipart/form-data'],
        body: uploadFormSchema,
        response: {
          201: json('Where the photo is served, and its size', uploadedImageSchema),
          ...errors({
            400:
              'No file in the field `image`, a file in another field, more than one file, an empty file or a ' +
              'form that cannot be read (NO_IMAGE, TOO_MANY_FILES, BAD_UPLOAD_FORM, UPLOAD_BROKEN); a photo ' +
              'that is damaged or cut off (IMAGE_DAMAGED).',
            413:
              'The file is over 8 MB (IMAGE_TOO_LARGE), or its header declares more than 40 megapixels ' +
              '(IMAGE_TOO_MANY_PIXELS); nothing of it is decoded.',
            415:
              'The body is not a multipart form (UPLOAD_NOT_A_FORM), or the file is not a JPEG, PNG, WebP or ' +
              'AVIF image by its bytes: an SVG, a web page, a GIF, BMP, TIFF or HEIC (UNSUPPORTED_IMAGE_TYPE).',
            503: 'The photo storage cannot be reached at the moment (STORAGE_UNAVAILABLE).',
          }),
        },
      },
      // Before any of the body is read: a body that is no form, or declares more than a photo may be.
      onRequest: async (request) => checkUploadRequest(request),
      // The form is read in the handler as it arrives, and the file checked by its bytes there.
      validatorCompiler: () => (data) => ({ value: data }),
      // A refusal answered before the whole body arrived: the rest is read and dropped (never held) for a
      // moment, then the connection ends. Ending it at once would reset it while the client still sends, and
      // the client could lose the answer with it.
      onResponse: async (request) => {
        if (request.raw.complete) return
        const { socket } = request.raw
        // A real connection (an injected request in the tests has none to end).
        if (!(socket instanceof Socket)) return
        setTimeout(() => {
          if (!request.raw.complete) socket.destroy()
        }, UNREAD_BODY_LINGER_MS).unref()
      },
    },
    async (request, reply) => {
      const file = await receiveImage(request)
      const uploaded = await uploadImage({
        db: app.db,
        storage: app.objectStorage,
        userId: request.signedInUser().id,
        file,
      })
      return reply.code(201).send(uploaded)
    },
  )
})
