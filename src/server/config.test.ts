import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('has defaults for a bare machine', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ PORT: 3000, HOST: 'localhost', PGLITE_DIR: './data/db', SEED_DEMO: true })
    expect(config.DATABASE_URL).toBeUndefined()
  })

  it('parses given values and treats empty ones as absent', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@127.0.0.1/db',
      SEED_DEMO: 'false',
      HOST: '',
    })
    expect(config).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'postgres://u@127.0.0.1/db',
      SEED_DEMO: false,
      HOST: 'localhost',
    })
  })

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError)
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })
    } catch (error) {
      expect((error as Error).message).toContain('PORT')
      expect((error as Error).message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL')
    }
  })
})
