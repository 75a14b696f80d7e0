import type { IncomingMessage, ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import Fastify, { type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import helmet from 'helmet'
import { livenessSchema, readinessSchema } from '#shared/contract/health.ts'
import { type Database, notify } from './db/client.ts'
import type { Listen } from './db/listener.ts'
import { PriceRecomputeWorker } from './jobs/price-recompute.ts'
import { nulFreeValidator } from './lib/nul-free-validator.ts'
import { READ_CACHE_CHANNEL, ReadCache } from './lib/read-cache.ts'
import { RequestLogController } from './lib/request-log.ts'
import { errors, json } from './lib/responses.ts'
import { alertsRoutes } from './modules/alerts/alerts.routes.ts'
import { alertsStreamRoutes } from './modules/alerts/alerts.stream.routes.ts'
import { type AuthRoutesOptions, authRoutes } from './modules/auth/auth.routes.ts'
import { OidcClient, type OidcSettings } from './modules/auth/oidc.ts'
import { sessionsRoutes } from './modules/auth/sessions.routes.ts'
import { collectionsRoutes } from './modules/collections/collections.routes.ts'
import { fxRoutes } from './modules/fx/fx.routes.ts'
import type { ImageProxyOptions } from './modules/images/image-proxy.ts'
import { imagesRoutes } from './modules/images/images.routes.ts'
import { ImportJobs } from './modules/imports/import.jobs.ts'
import type { FetchSettings } from './modules/imports/import-files.ts'
import { importsRoutes } from './modules/imports/imports.routes.ts'
import { followCatalogue, type LiveCatalogue } from './modules/items/items.index.live.ts'
import { itemsRoutes } from './modules/items/items.routes.ts'
import { alertEmailRoutes } from './modules/mail/alert-email.routes.ts'
import type { AppMail } from './modules/mail/alert-mail.service.ts'
import { mailRoutes } from './modules/mail/mail.routes.ts'
import { forgetPrices } from './modules/market/market.cache.ts'
import { PRICES_RECOMPUTED_CHANNEL, recomputedItemIds } from './modules/market/market.channels.ts'
import { marketRoutes } from './modules/market/market.routes.ts'
import { meRoutes } from './modules/me/me.routes.ts'
import { membersRoutes } from './modules/moderation/members.routes.ts'
import { moderationRoutes } from './modules/moderation/moderation.routes.ts'
import { LocalObjectStorage } from './modules/objects/local-object-storage.ts'
import type { ObjectStorage } from './modules/objects/object-storage.ts'
import { objectsRoutes } from './modules/objects/objects.routes.ts'
import { objectsServeRoutes } from './modules/objects/objects.serve.routes.ts'
import { postsRoutes } from './modules/posts/posts.routes.ts'
import { pushRoutes } from './modules/push/push.routes.ts'
import { type AppPush, loadAppPush, type PushSettings } from './modules/push/push.service.ts'
import { referenceRoutes } from './modules/reference/reference.routes.ts'
import { wantedRoutes } from './modules/wanted/wanted.routes.ts'
import { accessPlugin } from './plugins/access.ts'
import { registerErrorHandling } from './plugins/errors.ts'
import { registerOpenApi } from './plugins/openapi.ts'
import { operationsPlugin } from './plugins/operations.ts'
import { sameOriginPlugin } from './plugins/same-origin.ts'
import { sessionPlugin } from './plugins/session.ts'
import { registerWebApp } from './plugins/web-app.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
    readCache: ReadCache
    /** The catalogue in memory (ADR 021), kept current: lists, search, and the items of collection entries. */
    catalogue: LiveCatalogue
    /** This instance's import job runner (started with the app when `imports.runJobs`). */
    importJobs: ImportJobs
    /** LISTEN on a database channel (see `AppOptions.listen`). */
    listenTo: Listen
    /** This instance's price recompute worker (started with the app unless `recompute.run` is false). */
    priceRecompute: PriceRecomputeWorker
    /** Where uploaded photos are stored (`AppOptions.objectStorage`). */
    objectStorage: ObjectStorage
    /** How push notifications are sent: the VAPID keys (`AppOptions.push`) and the push services allowed. */
    push: AppPush
  }
}

export interface AppOptions {
  db: Database
  /**
   * The database handle's LISTEN (`DatabaseHandle.listen`): live notifications and prompt recomputes in every
   * instance. Without it nothing is heard and the work waiting in the database is found by polling alone.
   */
  listen?: Listen
  /** Built web app to serve; omitted in API tests. */
  webDistDir?: string
  logger?: FastifyServerOptions['logger']
  /** METRICS_TOKEN: GET /metrics answers only `Authorization: Bearer <token>`, and 404 without one. */
  metricsToken?: string
  /** How long catalogue read answers may be served from memory; 0 turns the cache off. */
  readCacheTtlMs?: number
  /**
   * Catalogue searches on threads of their own (one per core), beside the event loop (ADR 025): main.ts runs
   * them; tests that build many apps leave them off, and the agreement test turns them on.
   */
  searchThread?: boolean
  /** Everyone may use the app (true), or only e-mails on the access list and admins. */
  betaPublic?: boolean
  /**
   * How e-mail is sent (main.ts, when SMTP_URL is set; its alert mailer sends through the same): the profile
   * offers alert e-mails and a test e-mail. Without, alerts reach users in the app only, and the profile says so.
   */
  mail?: AppMail
  /**
   * Push notifications (ADR 053): the VAPID subject, the push services browsers may subscribe through, and the
   * configured VAPID keys (else the ones kept in the database). By default no push service: no browser can
   * subscribe. main.ts's alert pusher sends with `app.push`.
   */
  push?: PushSettings
  /** The app's public address; its origin is also accepted for state-changing requests. */
  publicUrl?: string
  oidc?: OidcSettings
  imageProxy?: ImageProxyOptions
  /**
   * Where uploaded photos are stored: main.ts passes UPLOAD_DIR's folder or the S3 bucket (and closes it);
   * a folder in the system's temp dir by default.
   */
  objectStorage?: ObjectStorage
  /**
   * Proxies whose X-Forwarded-* headers are believed: none (default), the nearest N hops, or these
   * addresses. It decides `request.ip` (rate limits) and `request.protocol`/`host` (same-origin, HSTS).
   */
  trustProxy?: false | number | string[]
  /** Sign-in and sign-up requests per IP per minute; attempts per e-mail and source per 15 minutes. */
  authLimits?: AuthRoutesOptions['limits']
  recompute?: {
    /** Run this instance's recompute worker from when the app is ready until it closes (default true). */
    run?: boolean
    pollMs?: number
    onPass?: ConstructorParameters<typeof PriceRecomputeWorker>[0]['onPass']
  }
  imports?: {
    /** Where uploads and downloaded files wait (IMPORT_DIR); a folder in the system's temp dir by default. */
    dir?: string
    /**
     * Run this instance's import jobs (files over 5 MB) from when the app is ready until it closes: main.ts
     * does; tests do when they follow a job (or call `app.importJobs.start()`).
     */
    runJobs?: boolean
    /** The URL fetcher's seams, for tests' local servers. */
    fetch?: FetchSettings
  }
}

const DEFAULT_IMAGE_HOSTS = ['cdn.rebrickable.com', 'img.bricklink.com', 'images.brickset.com']
const DEFAULT_AUTH_LIMITS = { perIpPerMinute: 20, perSourcePer15Minutes: 10 }

/** Builds the Fastify instance (plugins, then modules). It never listens: main.ts and tests do that. */
export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new RequestLogController(), // one line per request (lib/request-log.ts)
    trustProxy: trustProxySetting(options.trustProxy),
    bodyLimit: 1024 * 1024,
    // Slugs of long catalogue names exceed Fastify's default of 100 characters.
    routerOptions: { maxParamLength: 300 },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(nulFreeValidator(validatorCompiler))
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('db', options.db)
  app.decorate(
    'push',
    await loadAppPush(options.db, options.push ?? { subject: 'mailto:alerts@localhost', services: [] }),
  )
  const listenTo: Listen = options.listen ?? (async () => async () => {})
  // A plain function: one with properties (Listen's caughtUp) would be taken for a getter and setter.
  app.decorate('listenTo', (...args: Parameters<Listen>) => listenTo(...args))
  const priceRecompute = new PriceRecomputeWorker({
    db: options.db,
    listen: app.listenTo,
    log: app.log,
    pollMs: options.recompute?.pollMs,
    onPass: (pass) => {
      forgetPrices(app.readCache, pass.itemIds)
      options.recompute?.onPass?.(pass)
    },
  })
  app.decorate('priceRecompute', priceRecompute)
  app.decorate(
    'readCache',
    new ReadCache({
      ttlMs: options.readCacheTtlMs ?? 0,
      announce: (scope) => notify(options.db, READ_CACHE_CHANNEL, scope),
      onAnnounceError: (error) =>
        app.log.warn(
          { err: error },
          'read cache: other instances not told of a change; they forget at their TTL',
        ),
    }),
  )
  // What another instance changed (ADR 021): a catalogue edit, an item's recomputed prices. Were the
  // listening connection lost, what was said meanwhile is unknown, so everything is forgotten.
  const unlisten: (() => Promise<void>)[] = []
  app.addHook('onReady', async () => {
    const forgetAll = () => app.readCache.forgetHere('')
    for (const [channel, heard] of [
      [READ_CACHE_CHANNEL, (prefix: string) => app.readCache.forgetHere(prefix)],
      [
        PRICES_RECOMPUTED_CHANNEL,
        (payload: string) => forgetPrices(app.readCache, recomputedItemIds(payload)),
      ],
    ] as const) {
      const stop = await app.listenTo(channel, heard, forgetAll).catch((error: unknown) => {
        app.log.warn({ err: error }, `not listening on ${channel}: cached answers kept until their TTL`)
      })
      if (stop) unlisten.push(stop)
    }
    if (options.recompute?.run ?? true) await priceRecompute.start()
  })
  app.addHook('onClose', async () => {
    await Promise.all(unlisten.map((stop) => stop()))
    await priceRecompute.stop()
  })
  app.decorate('catalogue', followCatalogue(app, { searchThread: options.searchThread ?? false }))
  app.decorate(
    'objectStorage',
    options.objectStorage ?? new LocalObjectStorage(path.join(tmpdir(), 'brickfolio-uploads')),
  )
  const importJobs = new ImportJobs({
    db: options.db,
    dir: options.imports?.dir ?? path.join(tmpdir(), 'brickfolio-imports'),
    log: app.log,
    readCache: app.readCache,
  })
  app.decorate('importJobs', importJobs)
  if (options.imports?.runJobs) app.addHook('onReady', async () => importJobs.start())
  // A running job ends between two batches and is run again at the next start (it is idempotent).
  app.addHook('onClose', async () => importJobs.stop())
  registerErrorHandling(app)
  await app.register(operationsPlugin, { metricsToken: options.metricsToken })

  // Security headers (CSP and the rest), set on the raw response as each request begins: those helmet sets,
  // asked of it once here. Running helmet's dozen middlewares for every request cost a few percent of a light
  // answer; what they set depends on nothing in the request.
  const securityHeaders = headersSetBy(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'"],
          connectSrc: ["'self'"],
          // Added per request below: only an HTTPS page may ask the browser to upgrade.
          upgradeInsecureRequests: null,
        },
      },
      strictTransportSecurity: false,
    }),
  )
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value)
    done()
  })
  // HSTS and upgrade-insecure-requests only over HTTPS: on plain HTTP (npm start, a LAN install) they
  // would make browsers refuse the app or its own requests.
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol !== 'https') return
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains')
    const policy = reply.getHeader('content-security-policy')
    if (typeof policy === 'string')
      reply.header('content-security-policy', `${policy};upgrade-insecure-requests`)
  })

  await registerOpenApi(app)

  const tags = ['Health']
  app.get(
    '/healthz',
    { schema: { tags, summary: 'Liveness', response: { 200: json('The process answers', livenessSchema) } } },
    () => ({ status: 'ok' as const }),
  )
  app.get(
    '/readyz',
    {
      schema: {
        tags,
        summary: 'Readiness: the database answers',
        response: {
          200: json('Ready to serve', readinessSchema),
          // Answered by the error handler when the query below cannot reach the database.
          ...errors({ 503: 'Not ready: the database does not answer.' }),
        },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`)
      return { status: 'ready' as const }
    },
  )

  const betaPublic = options.betaPublic ?? true
  await app.register(sessionPlugin, { betaPublic, listen: options.listen })
  await app.register(sameOriginPlugin, { publicUrl: options.publicUrl })
  await app.register(accessPlugin)

  await app.register(
    async (api) => {
      await api.register(authRoutes, {
        betaPublic,
        publicUrl: options.publicUrl,
        oidc: options.oidc ? new OidcClient(options.oidc) : undefined,
        limits: options.authLimits ?? DEFAULT_AUTH_LIMITS,
      })
      await api.register(meRoutes)
      await api.register(alertEmailRoutes, { mail: options.mail })
      await api.register(pushRoutes, { push: app.push })
      await api.register(sessionsRoutes)
      await api.register(collectionsRoutes)
      await api.register(fxRoutes)
      await api.register(imagesRoutes, options.imageProxy ?? { allowedHosts: DEFAULT_IMAGE_HOSTS })
      await api.register(itemsRoutes)
      await api.register(marketRoutes)
      await api.register(moderationRoutes)
      await api.register(membersRoutes)
      await api.register(referenceRoutes)
      await api.register(importsRoutes, { jobs: importJobs, fetch: options.imports?.fetch })
      await api.register(wantedRoutes)
      await api.register(alertsRoutes)
      await api.register(alertsStreamRoutes)
      await api.register(mailRoutes)
      await api.register(objectsRoutes)
      await api.register(postsRoutes)
    },
    { prefix: '/api' },
  )

  await app.register(objectsServeRoutes)

  await registerWebApp(app, options.webDistDir)
  return app
}

/**
 * The headers a middleware that only sets fixed headers (helmet with fixed directives) sets on a response, asked
 * of it once. It may also remove headers (helmet removes `X-Powered-By`): no response of ours has them. It must
 * finish at once and without an error, or the app does not start.
 */
function headersSetBy(
  middleware: (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void,
): Array<[string, string]> {
  const headers: Array<[string, string]> = []
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.push([name, String(value)])
      return response
    },
    removeHeader: () => {},
  }
  let finished = false
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error
    finished = true
  })
  if (!finished) throw new Error('security headers: the middleware did not finish at once')
  return headers
}

/** Fastify's setting: a hop count trusts the nearest N proxies (its types take a function for that). */
function trustProxySetting(trust: AppOptions['trustProxy']) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust
  return trust ?? false
}

export type App = Awaited<ReturnType<typeof buildApp>>
