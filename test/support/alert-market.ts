import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { todayUtc } from '#shared/dates.ts'
import { signUpPeople } from './people.ts'
import { pricesSettled } from './prices-settled.ts'
import type { TestContext } from './test-app.ts'

/** A member signed up for a test: their session cookie, address and id. */
export interface Person {
  cookie: string
  email: string
  id: string
}

/**
 * What tests of alert deliveries (e-mail, push) move prices with: members who set New/Sealed alerts, new items,
 * and a trusted member whose sales are verified at once, each the item's only one. `open()` in a `beforeAll`
 * after the app's. Its methods are bound: a test may take them apart.
 */
export class AlertMarket {
  private trusted = ''
  private sealed = 0
  private serial = 0

  /** `prefix` starts the numbers of the items it makes, so each file's stand apart. */
  constructor(
    private readonly context: TestContext,
    private readonly prefix: string,
  ) {}

  open = async () => {
    ;({ trusted: this.trusted } = await signUpPeople(this.context.app, this.context.database.db, ['trusted']))
    const [row] = await queryRows<{ id: number }>(
      this.context.database.db,
      sql`select id from conditions where category = 'set' and label = 'New/Sealed'`,
    )
    this.sealed = (row as { id: number }).id
  }

  person = async (): Promise<Person> => {
    const { member } = await signUpPeople(this.context.app, this.context.database.db, ['member'])
    const me = await this.context.app.inject({ url: '/api/auth/user', headers: { cookie: member } })
    return { cookie: member, email: me.json().email, id: me.json().id }
  }

  newItem = async (name: string) => {
    this.serial += 1
    const created = await this.context.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: { cookie: this.trusted },
      payload: {
        type: 'set',
        number: `${this.prefix}-${this.serial}`,
        name,
        theme: 'Castle',
        year: 2020,
        currency: 'GBP',
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    return created.json() as { id: number; slug: string; number: string }
  }

  /** A New/Sealed alert in pounds; its id. */
  setAlert = async (
    who: Pick<Person, 'cookie'>,
    itemId: number,
    direction: 'below' | 'above',
    thresholdValue: string,
  ) => {
    const response = await this.context.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: { cookie: who.cookie },
      payload: { itemId, conditionId: this.sealed, currency: 'GBP', direction, thresholdValue },
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().id as number
  }

  /** The item's only verified sale is now at `price` (the last one is deleted): its fair price moves there. */
  priceAt = async (itemId: number, price: string, previous?: number): Promise<number> => {
    if (previous !== undefined) {
      const deleted = await this.context.app.inject({
        method: 'DELETE',
        url: `/api/sales/${previous}`,
        headers: { cookie: this.trusted },
      })
      expect(deleted.statusCode, deleted.body).toBe(204)
    }
    const sale = await this.context.app.inject({
      method: 'POST',
      url: `/api/items/${itemId}/sales`,
      headers: { cookie: this.trusted },
      payload: { price, currency: 'GBP', conditionId: this.sealed, saleDate: todayUtc(), source: 'eBay' },
    })
    expect(sale.statusCode, sale.body).toBe(201)
    await pricesSettled(this.context.app)
    return sale.json().id
  }
}
