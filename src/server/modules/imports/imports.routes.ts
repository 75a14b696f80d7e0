import multipart from '@fastify/multipart'
import type { FastifyError, FastifyRequest } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HttpError } from '#server/errors.ts'
import { nulFreeValidator } from '#server/lib/nul-free-validator.ts'
import { errors, file, json } from '#server/lib/responses.ts'
import { signedInRoutes } from '#server/plugins/signed-in.ts'
import {
  importBodySchema,
  importCommitBodySchema,
  importFieldsSchema,
  importIdParamsSchema,
  importJobSchema,
  importJobsSchema,
  importPreviewSchema,
  importResultSchema,
} from '#shared/contract/imports.ts'
import { DIRECT_IMPORT_BYTES, MAX_IMPORT_BYTES } from '#shared/import-formats.ts'
import type { ImportJobs } from './import.jobs.ts'
import { importJob } from './import-answers.ts'
import {
  type FetchSettings,
  fetchToFolder,
  pasteTooLarge,
  receiveUpload,
  removeImportFolder,
  tooLarge,
} from './import-files.ts'
import {
  commitPreviewed,
  importReceived,
  ownImport,
  ownImports,
  type ReceivedFiles,
} from './import-intake.ts'
import { importReport, reportFileName } from './import-report.ts'

export interface ImportsRoutesOptions {
  jobs: ImportJobs
  /** The URL fetcher's seams (tests: the local servers' addresses). */
  fetch?: FetchSettings
}

const tags = ['Imports']
/** Pasted text arrives JSON-escaped: room for 5 MB of it with its quotes and newlines escaped. */
const JSON_BODY_LIMIT = 4 * DIRECT_IMPORT_BYTES
/** Room for the form fields beside the largest file. */
const UPLOAD_SLACK_BYTES = 4 * 1024 * 1024

/** A multipart request's body, before its parts are read in the handler (they stream to disk there). */
const UPLOAD = Object.freeze({ upload: true })
const appValidator = nulFreeValidator(validatorCompiler)

const importErrors = errors({
  400:
    'The body or file is not right: not a file we recognise (BAD_IMPORT_FILE), a target its format cannot ' +
    'fill (BAD_IMPORT_TARGET), a choice it still needs (IMPORT_CHOICES_NEEDED), an address that failed ' +
    '(IMPORT_URL_REFUSED, IMPORT_URL_FAILED), or a resolution that is not one of the candidates (BAD_REQUEST).',
  403: 'Only trusted members and admins import into the catalogue (FORBIDDEN); a private address (IMPORT_URL_REFUSED).',
  413: 'Pasted data over 5 MB, or a file over 100 MB (IMPORT_TOO_LARGE, IMPORT_TOO_MANY_PARTS).',
})

/** Imports (ADR 013): preview or commit a file, follow its job, download its report. Signed-in only. */
export const importsRoutes = signedInRoutes<ImportsRoutesOptions>(async (app, options) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMPORT_BYTES, files: 10, fields: 20, fieldSize: DIRECT_IMPORT_BYTES, parts: 40 },
  })
  const { jobs } = options
  const actorOf = (request: FastifyRequest) => {
    const user = request.signedInUser()
    return { userId: user.id, role: user.role, isTrusted: user.isTrusted, currency: user.currencyPreference }
  }

  app.post(
    '/import/data',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Preview or import a file: pasted (JSON body) or uploaded (multipart, field `file`), or from `url`',
        description:
          'Files up to 5 MB answer in the request (a preview, or what the commit did); larger ones (up to ' +
          '100 MB) answer 202 with the job, which `GET /api/imports/{id}` follows. A multipart upload sends ' +
          'each choice as a form field of the same name, `resolutions` as JSON text.',
        body: importBodySchema,
        response: {
          200: json(
            'The preview, or what the commit did',
            z.union([importPreviewSchema, importResultSchema]),
          ),
          202: json('The file is large: it runs as a job', importJobSchema),
          ...importErrors,
        },
      },
      onRequest: async (request) => {
        // Refused before any of it is read: a body larger than the largest file and its fields.
        const declared = Number(request.headers['content-length'])
        if (declared > MAX_IMPORT_BYTES + UPLOAD_SLACK_BYTES) throw tooLarge()
      },
      preValidation: async (request) => {
        if (request.isMultipart()) request.body = UPLOAD as never
      },
      validatorCompiler: (route) => {
        const compiled = appValidator(route as unknown as Parameters<typeof appValidator>[0])
        if (route.httpPart !== 'body') return compiled
        return (data: unknown) => (data === UPLOAD ? { value: data } : compiled(data))
      },
      errorHandler: (error: FastifyError, request, reply) => {
        const refused = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? pasteTooLarge() : error
        return app.errorHandler(refused as FastifyError, request, reply)
      },
    },
    async (request, reply) => {
      const actor = actorOf(request)
      const common = { db: app.db, actor, jobs, readCache: app.readCache }
      if ((request.body as unknown) === UPLOAD) {
        const upload = await receiveUpload(request.parts(), jobs.folder)
        let received: ReceivedFiles = { kind: 'folder', ...upload }
        let fields: z.output<typeof importFieldsSchema>
        try {
          fields = uploadFields(upload.fields, upload.files.length > 0)
        } catch (error) {
          await removeImportFolder(upload.folder)
          throw error
        }
        if (upload.files.length === 0) {
          await removeImportFolder(upload.folder)
          received = fields.url
            ? { kind: 'folder', ...(await fetchToFolder(fields.url, jobs.folder, options.fetch)) }
            : { kind: 'text', text: fields.data ?? '' }
        }
        const result = await importReceived({ ...common, received, choices: fields, mode: fields.mode })
        return reply.code(result.status).send(result.body)
      }
      const body = request.body
      let received: ReceivedFiles
      if (body.url) {
        received = { kind: 'folder', ...(await fetchToFolder(body.url, jobs.folder, options.fetch)) }
      } else {
        if (Buffer.byteLength(body.data ?? '') > DIRECT_IMPORT_BYTES) throw pasteTooLarge()
        received = { kind: 'text', text: body.data ?? '' }
      }
      const result = await importReceived({ ...common, received, choices: body, mode: body.mode })
      return reply.code(result.status).send(result.body)
    },
  )

  app.get(
    '/imports',
    {
      schema: {
        tags,
        summary: 'Your 20 most recent imports, newest first, with the progress of running ones',
        response: { 200: json('Your recent imports', importJobsSchema) },
      },
    },
    async (request) => ownImports({ db: app.db, userId: request.signedInUser().id }),
  )

  app.get(
    '/imports/:id',
    {
      schema: {
        tags,
        summary: 'One of your imports: its progress (rows done, rows per second, time left) or its result',
        params: importIdParamsSchema,
        response: {
          200: json('The import', importJobSchema),
          ...errors({ 404: 'No import of yours has this id (NOT_FOUND).' }),
        },
      },
    },
    async (request) =>
      importJob(await ownImport({ db: app.db, userId: request.signedInUser().id, id: request.params.id })),
  )

  app.post(
    '/imports/:id/commit',
    {
      schema: {
        tags,
        summary: 'Import a previewed file with the choices made, without uploading it again',
        params: importIdParamsSchema,
        body: importCommitBodySchema,
        response: {
          202: json('The commit runs as a job', importJobSchema),
          ...errors({
            400: 'A choice the preview asked for is missing (IMPORT_CHOICES_NEEDED), or the target does not suit the file (BAD_IMPORT_TARGET).',
            403: 'Only trusted members and admins import into the catalogue (FORBIDDEN).',
            404: 'No import of yours has this id (NOT_FOUND).',
            409: 'The import is not a finished preview, or its file is gone (CONFLICT).',
          }),
        },
      },
    },
    async (request, reply) => {
      const job = await commitPreviewed({
        db: app.db,
        actor: actorOf(request),
        jobs,
        id: request.params.id,
        choices: request.body,
      })
      return reply.code(202).send(job)
    },
  )

  app.get(
    '/imports/:id/report.csv',
    {
      schema: {
        tags,
        summary: 'Every row of an import that was not imported, and why, as CSV',
        params: importIdParamsSchema,
        response: {
          200: file(
            'line, number, name, status, message, candidates: one row per row not imported',
            'text/csv',
          ),
          ...errors({ 404: 'No import of yours has this id (NOT_FOUND).' }),
        },
      },
    },
    async (request, reply) => {
      const record = await ownImport({ db: app.db, userId: request.signedInUser().id, id: request.params.id })
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${reportFileName(record.id)}"`)
        .send(importReport({ db: app.db, importId: record.id }))
    },
  )
})

/**
 * An upload's form fields as the body's: `replace` as true/false, `resolutions` as JSON text, empty
 * fields absent; checked with the same schema as a JSON body (and NUL refused, as everywhere).
 */
function uploadFields(fields: Record<string, string>, hasFile: boolean) {
  const values: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(fields)) {
    if (value.trim() === '') continue
    if (name === 'replace')
      values.replace = /^(true|1|on|yes)$/i.test(value)
        ? true
        : /^(false|0|off|no)$/i.test(value)
          ? false
          : value
    else if (name === 'resolutions') values.resolutions = parseJsonField(value)
    else values[name] = value
  }
  const validate = appValidator({
    schema: importFieldsSchema,
    method: 'POST',
    url: '/api/import/data',
    httpPart: 'body',
  })
  const result = validate(values) as { value?: z.output<typeof importFieldsSchema>; error?: unknown }
  if (result.error || !result.value) {
    throw Object.assign(new Error('Bad form fields'), {
      statusCode: 400,
      code: 'FST_ERR_VALIDATION',
      validation: result.error,
      validationContext: 'body',
    })
  }
  if (!hasFile && !result.value.data?.trim() && !result.value.url) {
    throw new HttpError(
      400,
      'Paste the data, choose a file, or give a web address to import from',
      'VALIDATION_ERROR',
    )
  }
  return result.value
}

function parseJsonField(value: string): unknown {
  try {
    return JSON.parse(value)
  } catch {
    throw new HttpError(
      400,
      'resolutions must be JSON text, e.g. [{ "number": "383", "itemId": 12 }]',
      'VALIDATION_ERROR',
    )
  }
}
