/** Accounts the e2e servers start with (no Playwright imports: the seeding script loads this too). */

/** Every account the specs create or sign in with uses this password. */
export const PASSWORD = 'brick-by-brick-42'

/** An admin made before the catalogue server starts (e2e/seed-admin.ts; playwright.config.ts). */
export const ADMIN_EMAIL = 'admin@brickfolio.test'

/** The third e2e server: a fresh demo catalogue with the admin above, for e2e/catalogue.spec.ts. */
export const CATALOGUE_PORT = 3212
export const CATALOGUE_URL = `http://127.0.0.1:${CATALOGUE_PORT}`
