import { buildApp } from './app.ts'
import { ConfigError, loadConfig, mailFrom, publicBaseUrl, vapidSubject } from './config.ts'
import { DataDirInUseError } from './db/data-dir-lock.ts'
import { openConfiguredDatabase } from './db/open.ts'
import { startAlertMailer } from './jobs/alert-mailer.ts'
import { startAlertPusher } from './jobs/alert-pusher.ts'
import { startAlertResume } from './jobs/alert-resume.ts'
import { startEmbeddedVacuum } from './jobs/embedded-vacuum.ts'
import { startFxRefresh } from './jobs/fx-refresh.ts'
import { feedSettingsFromConfig, startMarketFeeds } from './jobs/market-feeds.ts'
import { startSessionCleanup } from './jobs/session-cleanup.ts'
import { startUploadCleanup } from './jobs/upload-cleanup.ts'
import { logFormat, loggerOptions } from './lib/logger.ts'
import { checkPortFree, PortUnavailableError, portProblem } from './lib/port-check.ts'
import { stopOnSignals } from './lib/shutdown.ts'
import { smtpTransport } from './modules/mail/mail.transport.ts'
import { objectStorageFromConfig } from './modules/objects/storage-from-config.ts'

async function main(): Promise<void> {
  const config = loadConfig()
  // A busy port is told in one sentence before the database is opened (PGlite's data dir created and locked,
  // migrations run), not after.
  await checkPortFree({ port: config.PORT, host: config.HOST })
  // PostgreSQL may still be starting beside the app (a container, a failover): wait for it rather than
  // exit, for DB_WAIT_AT_START_SECONDS. Once serving, an outage is answered 503 and never ends the process.
  const database = await openConfiguredDatabase(config, {
    forMs: config.DB_WAIT_AT_START_SECONDS * 1000,
    onWait: (reason, retryInMs) =>
      console.error(`Waiting for the database (${reason}); trying again in ${retryInMs / 1000} s`),
  })
  const objectStorage = objectStorageFromConfig(config)
  // Alert e-mails only with a mail server to send them through; alerts reach users in the app regardless.
  const mail = config.SMTP_URL
    ? {
        transport: smtpTransport({ url: config.SMTP_URL, from: mailFrom(config) }),
        links: { baseUrl: publicBaseUrl(config) },
      }
    : undefined
  // Push notifications always: with the configured VAPID keys, else those the first instance made.
  const push = {
    subject: vapidSubject(config),
    services: config.PUSH_SERVICES,
    keys:
      config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
        ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }
        : undefined,
  }
  const app = await buildApp({
    db: database.db,
    listen: database.listen,
    webDistDir: config.WEB_DIST_DIR,
    logger: loggerOptions({ level: config.LOG_LEVEL, format: logFormat(config.LOG_FORMAT) }),
    metricsToken: config.METRICS_TOKEN,
    readCacheTtlMs: config.READ_CACHE_TTL_SECONDS * 1000,
    searchThread: true,
    betaPublic: config.BETA_PUBLIC,
    mail,
    push,
    imageProxy: { allowedHosts: config.IMAGE_PROXY_HOSTS },
    objectStorage,
    authLimits: { perIpPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE, perSourcePer15Minutes: 10 },
    publicUrl: config.PUBLIC_URL,
    trustProxy: config.TRUST_PROXY,
    imports: { dir: config.IMPORT_DIR, runJobs: true },
    recompute: { run: config.PRICE_RECOMPUTE_WORKER },
    oidc:
      config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
        ? {
            issuer: config.OIDC_ISSUER,
            clientId: config.OIDC_CLIENT_ID,
            clientSecret: config.OIDC_CLIENT_SECRET,
          }
        : undefined,
  })
  // Every job reports its runs to the same place: /metrics counts them.
  const runs = app.jobRuns
  const stopSessionCleanup = startSessionCleanup({ db: database.db, log: app.log, runs })
  const stopAlertResume = startAlertResume({ db: database.db, log: app.log, runs })
  // PostgreSQL vacuums its own tables; the embedded database has no autovacuum to do it.
  const stopEmbeddedVacuum =
    database.driver === 'pglite'
      ? startEmbeddedVacuum({ db: database.db, log: app.log, runs })
      : async () => {}
  const stopUploadCleanup = startUploadCleanup({
    db: database.db,
    storage: objectStorage,
    log: app.log,
    runs,
  })
  const stopFxRefresh = startFxRefresh({
    db: database.db,
    url: config.FX_API_URL,
    intervalMs: config.FX_REFRESH_MINUTES * 60_000,
    log: app.log,
    runs,
  })
  const feeds = feedSettingsFromConfig(config)
  const stopMarketFeeds = feeds
    ? startMarketFeeds({
        db: database.db,
        feeds,
        intervalMs: config.FEEDS_INTERVAL_MINUTES * 60_000,
        log: app.log,
        runs,
      })
    : async () => {}
  const alertMailer = mail
    ? await startAlertMailer({
        db: database.db,
        listen: app.listenTo,
        ...mail,
        digestHourUtc: config.ALERT_DIGEST_HOUR_UTC,
        log: app.log,
        runs,
      })
    : undefined
  const alertPusher = await startAlertPusher({
    db: database.db,
    listen: app.listenTo,
    push: app.push,
    log: app.log,
    runs,
  })

  const stopAll = async () => {
    // The server and the periodic jobs at once. app.close stops accepting connections, ends the live
    // notification streams, waits for the requests in flight, then stops the price recompute worker and the
    // import jobs (its onClose hooks); the jobs end their run under way. The database closes last.
    await Promise.all([
      app.close(),
      stopMarketFeeds(),
      stopUploadCleanup(),
      alertMailer?.stop(),
      alertPusher.stop(),
      stopFxRefresh(),
      stopSessionCleanup(),
      stopAlertResume(),
      stopEmbeddedVacuum(),
    ])
    mail?.transport.close()
    objectStorage.close()
    await database.close()
  }
  stopOnSignals({ log: app.log, stop: stopAll })

  try {
    await app.listen({ port: config.PORT, host: config.HOST })
  } catch (error) {
    // Taken since the check at the start: stop what started, then say so as the check would have.
    await stopAll().catch(() => {})
    const problem = portProblem(error, config.PORT)
    throw problem ? new PortUnavailableError(problem) : error
  }
  const where = config.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite (${config.PGLITE_DIR})`
  app.log.info(
    `Brickfolio is serving http://localhost:${config.PORT} on ${where}; photos in ${objectStorage.description}`,
  )
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof PortUnavailableError) {
    console.error(error.message)
  } else if (error instanceof DataDirInUseError) {
    console.error(`${error.message} Stop it first, or give this server a PGLITE_DIR of its own.`)
  } else {
    console.error('Brickfolio could not start:', error)
  }
  process.exit(1)
})
