import { buildApp } from './app.ts'
import { ConfigError, loadConfig, mailFrom, publicBaseUrl } from './config.ts'
import { DataDirInUseError } from './db/data-dir-lock.ts'
import { openConfiguredDatabase } from './db/open.ts'
import { startAlertMailer } from './jobs/alert-mailer.ts'
import { startFxRefresh } from './jobs/fx-refresh.ts'
import { feedSettingsFromConfig, startMarketFeeds } from './jobs/market-feeds.ts'
import { startSessionCleanup } from './jobs/session-cleanup.ts'
import { startUploadCleanup } from './jobs/upload-cleanup.ts'
import { loggerOptions } from './lib/logger.ts'
import { smtpTransport } from './modules/mail/mail.transport.ts'
import { objectStorageFromConfig } from './modules/objects/storage-from-config.ts'

async function main(): Promise<void> {
  const config = loadConfig()
  // PostgreSQL may still be starting beside the app (a container, a failover): wait for it rather than
  // exit, for DB_WAIT_AT_START_SECONDS. Once serving, an outage is answered 503 and never ends the process.
  const database = await openConfiguredDatabase(config, {
    forMs: config.DB_WAIT_AT_START_SECONDS * 1000,
    onWait: (reason, retryInMs) =>
      console.error(`Waiting for the database (${reason}); trying again in ${retryInMs / 1000} s`),
  })
  const objectStorage = objectStorageFromConfig(config)
  const app = await buildApp({
    db: database.db,
    listen: database.listen,
    webDistDir: config.WEB_DIST_DIR,
    logger: loggerOptions({ level: config.LOG_LEVEL }),
    readCacheTtlMs: config.READ_CACHE_TTL_SECONDS * 1000,
    betaPublic: config.BETA_PUBLIC,
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
  const stopSessionCleanup = startSessionCleanup({ db: database.db, log: app.log })
  const stopUploadCleanup = startUploadCleanup({ db: database.db, storage: objectStorage, log: app.log })
  const stopFxRefresh = startFxRefresh({
    db: database.db,
    url: config.FX_API_URL,
    intervalMs: config.FX_REFRESH_MINUTES * 60_000,
    log: app.log,
  })
  const feeds = feedSettingsFromConfig(config)
  const stopMarketFeeds = feeds
    ? startMarketFeeds({
        db: database.db,
        feeds,
        intervalMs: config.FEEDS_INTERVAL_MINUTES * 60_000,
        log: app.log,
      })
    : async () => {}
  // Alert e-mails only with a mail server to send them through; alerts reach users in the app regardless.
  const transport = config.SMTP_URL
    ? smtpTransport({ url: config.SMTP_URL, from: mailFrom(config) })
    : undefined
  const alertMailer = transport
    ? await startAlertMailer({
        db: database.db,
        listen: app.listenTo,
        transport,
        links: { baseUrl: publicBaseUrl(config) },
        digestHourUtc: config.ALERT_DIGEST_HOUR_UTC,
        log: app.log,
      })
    : undefined

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    stopFxRefresh()
    await stopMarketFeeds()
    stopSessionCleanup()
    await stopUploadCleanup()
    await alertMailer?.stop()
    transport?.close()
    await app.close()
    objectStorage.close()
    await database.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.PORT, host: config.HOST })
  const where = config.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite (${config.PGLITE_DIR})`
  app.log.info(
    `Brickfolio is serving http://localhost:${config.PORT} on ${where}; photos in ${objectStorage.description}`,
  )
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message)
  } else if (error instanceof DataDirInUseError) {
    console.error(`${error.message} Stop it first, or give this server a PGLITE_DIR of its own.`)
  } else {
    console.error('Brickfolio could not start:', error)
  }
  process.exit(1)
})
