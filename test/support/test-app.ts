import { afterAll, beforeAll } from 'vitest'
import { type App, type AppOptions, buildApp } from '#server/app.ts'
import type { DatabaseHandle } from '#server/db/client.ts'
import { createTestDatabase } from './test-database.ts'

export interface TestContext {
  app: App
  database: DatabaseHandle
}

/** Builds the app on this file's own database before its tests, and closes both after them. */
export function setupTestApp(options: Omit<AppOptions, 'db'> = {}): TestContext {
  const context = {} as TestContext
  beforeAll(async () => {
    context.database = await createTestDatabase()
    context.app = await buildApp({ db: context.database.db, listen: context.database.listen, ...options })
  })
  afterAll(async () => {
    await context.app?.close()
    await context.database?.close()
  })
  return context
}
