import { describe, expect, it } from 'vitest'
import {
  ConfigError,
  DEFAULT_PUSH_SERVICES,
  loadConfig,
  mailFrom,
  publicBaseUrl,
  vapidSubject,
} from './config.ts'

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

  it('trusts no proxy unless TRUST_PROXY says which: a hop count or addresses', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ])
    for (const bad of ['true', 'yes', '10.0.0.0/33', 'proxy.example', '1.2.3', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be off, a hop count/)
    }
  })

  it('sends e-mail only with an SMTP URL, from a sensible sender, with absolute links', () => {
    const bare = loadConfig({})
    expect(bare.SMTP_URL).toBeUndefined()
    expect(bare.ALERT_DIGEST_HOUR_UTC).toBe(8)
    expect(publicBaseUrl(bare)).toBe('http://localhost:3000')
    expect(mailFrom(bare)).toBe('Brickfolio <alerts@localhost>')
    const set = loadConfig({
      SMTP_URL: 'smtps://u:p@mail.example:465',
      PUBLIC_URL: 'https://bricks.example/',
    })
    expect(set.SMTP_URL).toBe('smtps://u:p@mail.example:465')
    expect(mailFrom(set)).toBe('Brickfolio <alerts@bricks.example>')
    expect(mailFrom(loadConfig({ PUBLIC_URL: 'http://192.168.1.5:3000' }))).toBe(
      'Brickfolio <alerts@localhost>',
    )
    expect(mailFrom(loadConfig({ MAIL_FROM: 'Bricks <no-reply@x.example>' }))).toBe(
      'Bricks <no-reply@x.example>',
    )
    for (const bad of ['mail.example', 'http://mail.example', 'smtp://']) {
      expect(() => loadConfig({ SMTP_URL: bad }), bad).toThrow(
        /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
      )
    }
    expect(() => loadConfig({ ALERT_DIGEST_HOUR_UTC: '24' })).toThrow(/ALERT_DIGEST_HOUR_UTC/)
  })

  it('serves /metrics only with a token fit for a header, and logs pretty on a terminal unless told', () => {
    const bare = loadConfig({})
    expect(bare.METRICS_TOKEN).toBeUndefined()
    expect(bare.LOG_FORMAT).toBe('auto')
    const token = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6'
    expect(loadConfig({ METRICS_TOKEN: token, LOG_FORMAT: 'json' })).toMatchObject({
      METRICS_TOKEN: token,
      LOG_FORMAT: 'json',
    })
    for (const bad of [
      'short',
      'fifteen-chars-x',
      'has a space in it here',
      'tab\tinside-the-token-here',
      'ünïcødé-tokens-are-out',
    ]) {
      expect(() => loadConfig({ METRICS_TOKEN: bad }), bad).toThrow(
        /METRICS_TOKEN: must be at least 16 visible characters without spaces/,
      )
    }
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT/)
  })

  it('pushes through the known push services with the kept keys unless told otherwise', () => {
    const bare = loadConfig({})
    expect(bare.PUSH_SERVICES).toEqual(DEFAULT_PUSH_SERVICES)
    expect(bare.VAPID_PUBLIC_KEY).toBeUndefined()
    expect(vapidSubject(bare)).toBe('mailto:alerts@localhost')
    expect(vapidSubject(loadConfig({ MAIL_FROM: 'Bricks <no-reply@x.example>' }))).toBe(
      'mailto:no-reply@x.example',
    )
    expect(vapidSubject(loadConfig({ VAPID_SUBJECT: 'https://bricks.example/contact' }))).toBe(
      'https://bricks.example/contact',
    )
    expect(
      loadConfig({
        PUSH_SERVICES: ' https://push.example , http://127.0.0.1:8080,https://*.notify.windows.com',
      }).PUSH_SERVICES,
    ).toEqual(['https://push.example', 'http://127.0.0.1:8080', 'https://*.notify.windows.com'])
    expect(() => loadConfig({ PUSH_SERVICES: 'https://push.example/path,ftp://x' })).toThrow(
      /PUSH_SERVICES: must be origins such as .* \(not https:\/\/push.example\/path, ftp:\/\/x\)/,
    )
    const keys = { VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`, VAPID_PRIVATE_KEY: 'b'.repeat(43) }
    expect(loadConfig(keys).VAPID_PRIVATE_KEY).toBe('b'.repeat(43))
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(
      /set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither/,
    )
    expect(() => loadConfig({ ...keys, VAPID_PRIVATE_KEY: 'short' })).toThrow(
      /VAPID_PRIVATE_KEY: must be a P-256/,
    )
    expect(() => loadConfig({ VAPID_SUBJECT: 'alerts@x.example' })).toThrow(
      /VAPID_SUBJECT: must be a mailto:/,
    )
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
