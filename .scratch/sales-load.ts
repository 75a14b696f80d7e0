import pg from 'pg'
import { drive } from '../bench/load.ts'
const base = 'http://127.0.0.1:3902'
const seconds = Number(process.argv[2] ?? 10)
const conns = Number(process.argv[3] ?? 50)
const r = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@brickfolio.test', password: 'bench password 1' }) })
const cookie = (r.headers.getSetCookie().find((h) => h.startsWith('bf_session=')) as string).split(';')[0] as string
const client = new pg.Client('postgres://postgres@127.0.0.1:5432/brickfolio_bench')
await client.connect()
const pop = (await client.query(`select s.item_id as id from price_snapshots s join items i on i.id = s.item_id and i.type = 'set' where s.grade = 'new' order by s.sales_count desc limit 100`)).rows.map((x) => x.id)
const rnd = (await client.query(`select id from items where type = 'set' order by md5(id::text) limit 100`)).rows.map((x) => x.id)
const cond = (await client.query(`select id from conditions where category = 'set' and label = 'New/Sealed'`)).rows[0].id
await client.end()
const tag = Date.now()
const requests = Array.from({ length: 2000 }, (_, index) => ({
  method: 'POST' as const,
  path: `/api/items/${(index % 2 === 0 ? pop : rnd)[index % 100]}/sales`,
  headers: { cookie },
  body: JSON.stringify({ price: (20 + (index % 500) + (index % 7) / 10).toFixed(2), currency: 'GBP', conditionId: cond, saleDate: new Date().toISOString().slice(0, 10), source: 'eBay', sourceRef: `prof-${tag}-{{n}}` }),
}))
await drive({ baseUrl: base, requests, connections: conns, durationSeconds: 2 })
const res = await drive({ baseUrl: base, requests, connections: conns, durationSeconds: seconds })
console.log(JSON.stringify(res))
