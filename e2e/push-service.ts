/**
 * The e2e servers' push service (playwright.config.ts): the test suite's real push service on
 * PUSH_SERVICE_PORT, taking what it is sent until the run ends; specs read it back for their browsers.
 */
import { PushService } from '../test/support/push-service.ts'
import { PUSH_SERVICE_PORT } from './accounts.ts'

const service = await new PushService().start(PUSH_SERVICE_PORT)
console.log(`push service listening on ${service.origin}`)
