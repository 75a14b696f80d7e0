import { defineConfig } from 'vitest/config'

/**
 * Unit tests run once; API tests run against embedded PGlite and, when TEST_DATABASE_URL is set,
 * the same files run again against that PostgreSQL server.
 */
const apiProject = (driver: 'pglite' | 'postgres') => ({
  test: {
    name: `api-${driver}`,
    include: ['test/api/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    provide: { databaseDriver: driver },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

/**
 * Several real server processes on one PostgreSQL (ADR 021): only where a PostgreSQL server is given, since
 * two processes cannot share an embedded PGlite.
 */
const instancesProject = {
  test: {
    name: 'instances',
    include: ['test/instances/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    provide: { databaseDriver: 'postgres' as const },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
}

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'], environment: 'node' } },
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres'), instancesProject] : []),
    ],
  },
})
