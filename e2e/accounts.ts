/** Accounts the e2e servers start with (no Playwright imports: the seeding script loads this too). */

/** Every account the specs create or sign in with uses this password. */
export const PASSWORD = 'brick-by-brick-42'

/**
 * The first account of every e2e server, an admin, made before the server starts (e2e/seed-admin.ts;
 * playwright.config.ts).
 */
export const ADMIN_EMAIL = 'admin@brickfolio.test'

/**
 * The e2e servers listen on E2E_PORT (default 3210) and the two ports after it,
 * so two runs can share a machine.
 */
export const E2E_PORT = Number(process.env.E2E_PORT || 3210)
/** The second e2e server, started with BETA_PUBLIC=false (playwright.config.ts). */
export const PRIVATE_BETA_PORT = E2E_PORT + 1
/**
 * The third e2e server, for the catalogue, item, market and collection-values specs, on a fresh embedded
 * database. Before it starts (as before each server), the same webServer command runs e2e/seed-admin.ts,
 * which migrates and seeds the database and inserts an admin (ADMIN_EMAIL, with an argon2id hash of
 * PASSWORD) who has finished onboarding; PGlite allows one process at a time, so the script closes the
 * database before the server opens it (the admin CLI would need an existing user and a stopped server).
 *
 * The desktop and mobile projects share that server, so items the specs add carry a unique token, and
 * the specs never count what other specs may have added.
 */
export const CATALOGUE_PORT = E2E_PORT + 2
export const CATALOGUE_URL = `http://127.0.0.1:${CATALOGUE_PORT}`

/**
 * A real SMTP server (e2e/smtp-sink.ts) that the first e2e server sends alert e-mails to, so its profile offers
 * them; the catalogue server has no SMTP_URL, as on an install without a mail server.
 */
export const SMTP_SINK_PORT = E2E_PORT + 3

/** A real push service (e2e/push-service.ts) that every e2e server may send push notifications through. */
export const PUSH_SERVICE_PORT = E2E_PORT + 4
export const PUSH_SERVICE_URL = `http://127.0.0.1:${PUSH_SERVICE_PORT}`
