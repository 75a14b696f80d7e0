import type { App } from '#server/app.ts'
import { notify } from '#server/db/client.ts'

const BARRIER_CHANNEL = 'test_barrier'
let barriers = 0

/**
 * Waits until this app has heard every notification committed so far (a recompute's, a cache announcement's):
 * PostgreSQL delivers a listener's notifications in commit order, so hearing one sent now means the earlier
 * ones were handled. A test that checks what is cached awaits this after its writes.
 */
export async function notificationsHeard(app: App): Promise<void> {
  const token = `barrier-${process.pid}-${++barriers}`
  let heard: () => void = () => {}
  const arrived = new Promise<void>((resolve) => {
    heard = resolve
  })
  const unlisten = await app.listenTo(BARRIER_CHANNEL, (payload) => {
    if (payload === token) heard()
  })
  try {
    await notify(app.db, BARRIER_CHANNEL, token)
    await arrived
  } finally {
    await unlisten()
  }
}
