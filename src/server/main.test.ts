import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

describe('server start-up', () => {
  it('stops with a message naming a bad environment variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'eighty', DATABASE_URL: '', LOG_LEVEL: 'loud' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('Invalid environment configuration')
    expect(result.stderr).toContain('PORT')
    expect(result.stderr).toContain('LOG_LEVEL')
    // Starting a TypeScript process takes seconds on a loaded 2-core machine: the child's own limit applies.
  }, 35_000)
})
