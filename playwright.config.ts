import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, devices } from '@playwright/test'
import {
  CATALOGUE_PORT,
  E2E_PORT,
  PRIVATE_BETA_PORT,
  PUSH_SERVICE_PORT,
  PUSH_SERVICE_URL,
  SMTP_SINK_PORT,
} from './e2e/accounts.ts'

const root = fileURLToPath(new URL('.', import.meta.url))
const webDist = path.join(root, 'dist/web')
const port = E2E_PORT
const baseURL = `http://127.0.0.1:${port}`
/** A second server with the private beta closed (BETA_PUBLIC=false), for the access-gate specs (e2e/support.ts). */
const privatePort = PRIVATE_BETA_PORT

// The server serves the built app; CI runs `npm run build` first. Fail early and say so.
if (!existsSync(path.join(webDist, 'index.html'))) {
  throw new Error(
    `The web app is not built: ${path.relative(root, webDist)}/index.html is missing. ` +
      'Run `npm run build` before `npm run test:e2e`.',
  )
}

// A fresh embedded database per server and run. The config is also loaded in every worker process;
// workers inherit these variables from the runner, so only the runner creates (and later removes) them.
function freshPgliteDir(envName: string): string {
  if (!process.env[envName]) {
    const dir = mkdtempSync(path.join(tmpdir(), 'brickfolio-e2e-'))
    process.env[envName] = dir
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
  }
  return process.env[envName] as string
}
const pgliteDir = freshPgliteDir('BRICKFOLIO_E2E_PGLITE_DIR')
const privatePgliteDir = freshPgliteDir('BRICKFOLIO_E2E_PRIVATE_PGLITE_DIR')
const cataloguePgliteDir = freshPgliteDir('BRICKFOLIO_E2E_CATALOGUE_PGLITE_DIR')
const tsx = path.join(root, 'node_modules/.bin/tsx')

/**
 * Every server's database starts with its first account, an admin (e2e/seed-admin.ts): the first account
 * of an install becomes its admin, so without it the first person a spec signs up would be one.
 */
function server(options: { port: number; pgliteDir: string; betaPublic: boolean; mail?: boolean }) {
  const url = `http://127.0.0.1:${options.port}`
  return {
    // The preparation has the database to itself, then the server starts.
    command: `${tsx} e2e/seed-admin.ts && ${tsx} src/server/main.ts`,
    cwd: root,
    url: `${url}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PGLITE_DIR: options.pgliteDir,
      // Always the fresh embedded database, even when the shell has a DATABASE_URL.
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: webDist,
      BETA_PUBLIC: String(options.betaPublic),
      // As behind a reverse proxy on this machine: the specs give their accounts client addresses of
      // their own (X-Forwarded-For, collection-support.ts), so they share no sign-in budget.
      TRUST_PROXY: 'loopback',
      // No live exchange rates: the built-in ones, so the prices the specs expect never drift.
      FX_API_URL: 'http://127.0.0.1:9/no-live-rates',
      SMTP_URL: options.mail ? `smtp://127.0.0.1:${SMTP_SINK_PORT}` : '',
      // The specs' browsers subscribe through the suite's own push service (e2e/push-service.ts).
      PUSH_SERVICES: PUSH_SERVICE_URL,
    },
  }
}

// Debian's Chromium; Playwright never downloads browsers here.
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  reporter: 'list',
  forbidOnly: Boolean(process.env.CI),
  // In CI one retry, so a browser test that fails once on the loaded 2-core machine does not sink a
  // submission; the list reporter still names it 'flaky', and a test that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  // A loaded 2-core CI machine runs three servers and the browser at once; a screen's next answer can
  // take longer than Playwright's default 5 s there.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...chromium, viewport: { width: 1280, height: 800 } } },
    { name: 'mobile', use: { ...chromium, viewport: { width: 375, height: 812 } } },
  ],
  webServer: [
    // First, so the mail server is there when the first server starts sending.
    {
      command: `${tsx} e2e/smtp-sink.ts`,
      cwd: root,
      port: SMTP_SINK_PORT,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe' as const,
    },
    {
      command: `${tsx} e2e/push-service.ts`,
      cwd: root,
      port: PUSH_SERVICE_PORT,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe' as const,
    },
    server({ port, pgliteDir, betaPublic: true, mail: true }),
    server({ port: privatePort, pgliteDir: privatePgliteDir, betaPublic: false }),
    // The catalogue specs' own server: the sets and minifigures they add never show up in the other
    // specs' lists.
    server({ port: CATALOGUE_PORT, pgliteDir: cataloguePgliteDir, betaPublic: true }),
  ],
})
