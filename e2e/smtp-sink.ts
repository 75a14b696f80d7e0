/**
 * The e2e servers' mail server (playwright.config.ts): the test suite's real SMTP server on SMTP_SINK_PORT,
 * accepting whatever it is sent, until the run ends.
 */
import { SmtpSink } from '../test/support/smtp-sink.ts'
import { SMTP_SINK_PORT } from './accounts.ts'

const sink = new SmtpSink()
sink.port = SMTP_SINK_PORT
await sink.start()
console.log(`SMTP sink listening on ${sink.url}`)
