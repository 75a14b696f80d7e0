import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { minifigThemesResponseSchema } from '#shared/contract/catalogue.ts'
import { signUp, uniqueEmail } from '../support/session.ts'
import { setupTestApp } from '../support/test-app.ts'

// The read cache is on, so the test also shows that a new item's theme is seen at once.
const context = setupTestApp({ readCacheTtlMs: 60_000 })
const themes = async () =>
  minifigThemesResponseSchema.parse((await context.app.inject({ url: '/api/minifigures/themes' })).json())

describe('GET /api/minifigures/themes', () => {
  it('names every theme a minifigure has, once, alphabetically, however many figures there are', async () => {
    const demo = await themes()
    const stored = await queryRows<{ theme: string }>(
      context.database.db,
      sql`select distinct theme from items where type = 'minifig'`,
    )
    expect(demo).toEqual(
      stored.map((row) => row.theme).sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    )
    expect(demo).toContain('Star Wars')

    // 1,500 more figures, the last of them alone in its theme: a filter built from the first 1,000
    // figures (as the web app once did) would miss it.
    await context.database.db.execute(sql`
      insert into items (type, name, normalized_name, number, normalized_code, slug, theme, year)
      select 'minifig', 'Crowd ' || n, 'crowd ' || n, 'crowd' || n, 'crowd' || n, 'crowd' || n,
        case when n = 1500 then 'Pirates' else 'Town' end, 1990
      from generate_series(1, 1500) as n`)
    context.app.readCache.clear()
    const after = await themes()
    expect(after).toContain('Pirates')
    expect(after).toContain('Town')
    expect(after.filter((name) => name === 'Town')).toHaveLength(1)
    expect(after).toEqual([...after].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })))
  })

  it('shows a theme from a minifigure added through the API straight away', async () => {
    expect(await themes()).not.toContain('Space Police')
    const { cookie } = await signUp(context.app, { email: uniqueEmail('adder') })
    const created = await context.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: { cookie },
      payload: {
        type: 'minifig',
        name: 'Space Police Officer',
        number: `sp${Date.now()}`,
        theme: 'Space Police',
        year: 1989,
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(await themes()).toContain('Space Police')
  })
})
