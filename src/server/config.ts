import { isIP } from 'node:net'
import { availableParallelism } from 'node:os'
import { z } from 'zod'

/** A boolean env var: 'true'/'1'/'yes' or 'false'/'0'/'no'. */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: "must be 'true' or 'false'" })
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })

/**
 * Which proxies' X-Forwarded-For/-Host/-Proto headers to believe: none (off), the nearest N hops, or
 * proxies at these addresses/CIDR ranges (comma-separated; proxy-addr's names `loopback`, `linklocal`
 * and `uniquelocal` too). Believing a header anyone can send would let a client pick its own address.
 */
const trustProxyFromEnv = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    if (value === 'false' || value === '0' || value === 'off') return false
    if (/^[1-9]\d?$/.test(value)) return Number(value)
    const entries = value.split(',').map((entry) => entry.trim())
    const bad = entries.filter((entry) => !isProxyAddress(entry))
    if (bad.length === 0) return entries
    context.addIssue({
      code: 'custom',
      message: `must be off, a hop count (e.g. 1) or proxy addresses such as 127.0.0.1,10.0.0.0/8 (not ${bad.join(', ')})`,
    })
    return z.NEVER
  })

/** The push services of Chrome and the browsers built on it, Firefox, Safari and Edge. */
export const DEFAULT_PUSH_SERVICES = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.notify.windows.com',
]

/** A push service's origin in PUSH_SERVICES: a scheme, a host (perhaps `*.` and a domain) and perhaps a port. */
export const PUSH_SERVICE_ORIGIN = /^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true
  const [address = '', bits, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)
}

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  /** PostgreSQL server to use; when absent the embedded PGlite database is used. */
  DATABASE_URL: postgresUrl.optional(),
  /**
   * Most connections the app's pool opens to PostgreSQL: by default twice the cores, at least 4 (ADR 029).
   * More queue inside PostgreSQL instead of here, and every request waits longer for its share of the cores.
   */
  DB_POOL_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(Math.max(4, 2 * availableParallelism())),
  /** How long a request waits for a PostgreSQL connection before it is answered 503. */
  DB_CONNECT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(5),
  /** How long the server keeps trying to reach PostgreSQL at start before it gives up (0: not at all). */
  DB_WAIT_AT_START_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Where PGlite keeps its files when DATABASE_URL is absent. */
  PGLITE_DIR: z.string().min(1).default('./data/db'),
  /**
   * Run this instance's price recompute worker (DESIGN §5). Every instance does by default; one that should
   * only answer requests may be told not to, as long as some instance runs one.
   */
  PRICE_RECOMPUTE_WORKER: booleanFromEnv.default(true),
  /** Seed the hand-written demo catalogue into an empty database at start. */
  SEED_DEMO: booleanFromEnv.default(true),
  /** Seconds a catalogue read answer may be served from memory (0 = off); see ADR 002. */
  READ_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Open the private beta to everyone; otherwise only e-mails on the access list (and admins) get in. */
  BETA_PUBLIC: booleanFromEnv.default(true),
  /** The address people reach the app at, e.g. https://brickfolio.example; used for OIDC redirects. */
  PUBLIC_URL: z.url({ message: 'must be a URL such as https://brickfolio.example' }).optional(),
  /** OpenID Connect sign-in, enabled when all three are set. */
  OIDC_ISSUER: z.url({ message: 'must be the issuer URL of an OpenID Connect provider' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** Latest exchange rates, base USD, answering `{ rates: { EUR: 0.85, … } }`; refreshed hourly. */
  FX_API_URL: z.url({ message: 'must be a URL' }).default('https://open.er-api.com/v6/latest/USD'),
  FX_REFRESH_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /**
   * Market feeds (DESIGN §5, ADR 017): BrickLink's sold price guide when all four BrickLink keys are set,
   * BrickEconomy's values when its key is set; off otherwise.
   */
  BRICKLINK_CONSUMER_KEY: z.string().min(1).optional(),
  BRICKLINK_CONSUMER_SECRET: z.string().min(1).optional(),
  BRICKLINK_TOKEN: z.string().min(1).optional(),
  BRICKLINK_TOKEN_SECRET: z.string().min(1).optional(),
  BRICKLINK_API_URL: z.url({ message: 'must be a URL' }).default('https://api.bricklink.com/api/store/v1'),
  /** BrickLink's store API allows 5,000 calls a day. */
  BRICKLINK_DAILY_QUOTA: z.coerce.number().int().min(0).max(1_000_000).default(5000),
  BRICKECONOMY_API_KEY: z.string().min(1).optional(),
  BRICKECONOMY_API_URL: z.url({ message: 'must be a URL' }).default('https://www.brickeconomy.com/api/v1'),
  /** BrickEconomy allows 100 calls a day; a few are left for other use of the same key. */
  BRICKECONOMY_DAILY_QUOTA: z.coerce.number().int().min(0).max(1_000_000).default(95),
  /** How often the feeds run; each run makes its share of the day's quota of calls. */
  FEEDS_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /** An item is fetched again once its last fetch is this old. */
  FEEDS_REFETCH_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24),
  /** Hosts the image proxy fetches catalogue pictures from (comma-separated). */
  IMAGE_PROXY_HOSTS: z
    .string()
    .default(
      'cdn.rebrickable.com,rebrickable.com,img.bricklink.com,www.bricklink.com,images.brickset.com,www.brickset.com',
    )
    .transform((hosts) =>
      hosts
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Proxies whose forwarded headers are believed (off by default); see trustProxyFromEnv. */
  TRUST_PROXY: trustProxyFromEnv.default(false),
  /** Sign-in and sign-up attempts allowed per IP address per minute. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Log lines as JSON, or pretty for a person; `auto`: pretty when standard output is a terminal. */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  /**
   * The bearer token Prometheus scrapes /metrics with; without it /metrics does not exist (404). A header
   * value: 16 or more visible characters, no spaces.
   */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,}$/, {
      message:
        'must be at least 16 visible characters without spaces, e.g. the output of openssl rand -hex 32',
    })
    .optional(),
  /** Where uploaded and downloaded import files wait while they are imported (ADR 013). */
  IMPORT_DIR: z.string().min(1).default('./data/imports'),
  /**
   * The SMTP server alert e-mails go through (nodemailer's URL: smtp://user:pass@host:587, smtps://… for TLS
   * from the first byte); without it no e-mail is sent and alerts reach users in the app only.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, {
      message: 'must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example:587',
    })
    .optional(),
  /** The sender of alert e-mails; by default alerts@ the host of PUBLIC_URL (or localhost). */
  MAIL_FROM: z.string().trim().min(3).optional(),
  /** The UTC hour (0–23) after which the daily digest of alerts goes out to users who chose it. */
  ALERT_DIGEST_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(8),
  /**
   * Push notifications (ADR 053): the VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints
   * them); without, the first instance makes a pair and keeps it in the database for all.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, { message: 'must be a P-256 public key: 87 base64url characters' })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'must be a P-256 private key: 43 base64url characters' })
    .optional(),
  /** Who push services may contact about our messages (mailto: or https:); by default MAIL_FROM's address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, { message: 'must be a mailto: address or an https:// URL' })
    .optional(),
  /**
   * The push services browsers may subscribe through, as origins (comma-separated; `*.` allows a host's
   * subdomains): our server sends only to these, so a subscription cannot make it post elsewhere.
   */
  PUSH_SERVICES: z
    .string()
    .default(DEFAULT_PUSH_SERVICES.join(','))
    .transform((value, context) => {
      const origins = value
        .split(',')
        .map((origin) => origin.trim().toLowerCase())
        .filter(Boolean)
      const bad = origins.filter((origin) => !PUSH_SERVICE_ORIGIN.test(origin))
      if (bad.length === 0) return origins
      context.addIssue({
        code: 'custom',
        message: `must be origins such as https://fcm.googleapis.com or https://*.notify.windows.com (not ${bad.join(', ')})`,
      })
      return z.NEVER
    }),
  /** Where uploaded photos are kept on local disk (ADR 019), unless S3-compatible storage is configured. */
  UPLOAD_DIR: z.string().min(1).default('./data/uploads'),
  /**
   * S3-compatible object storage for uploaded photos, used instead of UPLOAD_DIR when all four are set: the
   * service's address (https://…, or http:// for one on the same network), the bucket and the access key.
   */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, message: 'must be the http(s) address of an S3-compatible service' })
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      message: 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** The bucket's region; S3-compatible services that have none accept the default. */
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Address the bucket in the path (endpoint/bucket/key), as most S3-compatible services expect; false: as a host name. */
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(true),
  /** Directory of the built web app that the server serves with SPA fallback. */
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
})

export type Config = z.infer<typeof configSchema>

const BRICKLINK_KEYS = [
  'BRICKLINK_CONSUMER_KEY',
  'BRICKLINK_CONSUMER_SECRET',
  'BRICKLINK_TOKEN',
  'BRICKLINK_TOKEN_SECRET',
] as const

const S3_KEYS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const

const allOrNone = (values: unknown[]) =>
  values.every((value) => value === undefined) || values.every((value) => value !== undefined)

export class ConfigError extends Error {}

/** Parses the environment once; a bad value names the variable and what is wrong with it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = configSchema
    .refine(
      (config) =>
        [config.OIDC_ISSUER, config.OIDC_CLIENT_ID, config.OIDC_CLIENT_SECRET].every(
          (value) => value === undefined,
        ) ||
        [config.OIDC_ISSUER, config.OIDC_CLIENT_ID, config.OIDC_CLIENT_SECRET].every(
          (value) => value !== undefined,
        ),
      {
        message: 'set all three of OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, or none',
        path: ['OIDC_ISSUER'],
      },
    )
    .refine((config) => allOrNone(BRICKLINK_KEYS.map((key) => config[key])), {
      message: `set all four of ${BRICKLINK_KEYS.join(', ')}, or none`,
      path: ['BRICKLINK_CONSUMER_KEY'],
    })
    .refine((config) => allOrNone([config.VAPID_PUBLIC_KEY, config.VAPID_PRIVATE_KEY]), {
      message: 'set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
      path: ['VAPID_PUBLIC_KEY'],
    })
    .refine((config) => allOrNone(S3_KEYS.map((key) => config[key])), {
      message: `set all four of ${S3_KEYS.join(', ')} to store photos in S3-compatible storage, or none to keep them in UPLOAD_DIR`,
      path: ['S3_ENDPOINT'],
    })
    .safeParse(present)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid environment configuration:\n${problems.join('\n')}`)
  }
  return parsed.data
}

/**
 * Where the app is reached, for absolute links (e-mails): PUBLIC_URL, else this machine's own address, right
 * only for someone on it (README says to set PUBLIC_URL when e-mail is sent).
 */
export const publicBaseUrl = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>) =>
  config.PUBLIC_URL ?? `http://localhost:${config.PORT}`

/** The sender of alert e-mails: MAIL_FROM, else alerts@ the public host's name (an address, or none: localhost). */
export function mailFrom(config: Pick<Config, 'MAIL_FROM' | 'PUBLIC_URL' | 'PORT'>): string {
  if (config.MAIL_FROM) return config.MAIL_FROM
  const host = new URL(publicBaseUrl(config)).hostname
  return `Brickfolio <alerts@${isIP(host.replace(/^\[|\]$/g, '')) === 0 ? host : 'localhost'}>`
}

/** Who push services may contact about our messages: VAPID_SUBJECT, else mailto: the alert e-mails' sender. */
export function vapidSubject(
  config: Pick<Config, 'VAPID_SUBJECT' | 'MAIL_FROM' | 'PUBLIC_URL' | 'PORT'>,
): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT
  const from = mailFrom(config)
  return `mailto:${from.match(/<([^>]+)>/)?.[1] ?? from}`
}
