import { z } from 'zod'

/** A boolean env var: 'true'/'1'/'yes' or 'false'/'0'/'no'. */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: "must be 'true' or 'false'" })
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  /** PostgreSQL server to use; when absent the embedded PGlite database is used. */
  DATABASE_URL: postgresUrl.optional(),
  /** Most connections the app opens to PostgreSQL. */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** Where PGlite keeps its files when DATABASE_URL is absent. */
  PGLITE_DIR: z.string().min(1).default('./data/db'),
  /** Seed the hand-written demo catalogue into an empty database at start. */
  SEED_DEMO: booleanFromEnv.default(true),
  /** Seconds a catalogue read answer may be served from memory (0 = off); see ADR 002. */
  READ_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Directory of the built web app that the server serves with SPA fallback. */
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
})

export type Config = z.infer<typeof configSchema>

export class ConfigError extends Error {}

/** Parses the environment once; a bad value names the variable and what is wrong with it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = configSchema.safeParse(present)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid environment configuration:\n${problems.join('\n')}`)
  }
  return parsed.data
}
