import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '#server/db/client.ts'
import { badRequest, HttpError, notFound } from '#server/errors.ts'
import { DAY_MS, todayUtc } from '#shared/dates.ts'
import { alertMessage, type MailLinks, testMessage } from './alert-mail.compose.ts'
import {
  claimDigestEvents,
  claimImmediateEvents,
  findRecipientByToken,
  type MailEvent,
  type MailRecipient,
  releaseEvents,
  settleUnsendable,
  settleUserEvents,
  tryDigestLock,
  turnAlertEmailOff,
} from './alert-mail.repo.ts'
import type { MailTransport } from './mail.transport.ts'

/**
 * Alert e-mails (DESIGN §5, issue 13 part 4; ADR 015). Alert events wait in `alert_events` with no
 * `emailed_at`: the outbox. Users who chose 'immediate' get one message per pass with their new events;
 * 'hourly' users the same, but at most one message an hour (ADR 052); 'daily' users one digest a day; 'off'
 * users none, and their events are settled at once.
 */

/** An event not e-mailed within two days of firing is settled without a message: the news is old. */
export const STALE_AFTER_MS = 2 * DAY_MS
/** An 'hourly' user's alert e-mails are at least this far apart. */
export const HOURLY_MS = 3_600_000
const BATCH = 200

export interface AlertMailOptions {
  db: Database
  transport: MailTransport
  links: MailLinks
  now: Date
}

/** What a pass did; `failed` counts events put back because the mail server refused or did not answer. */
export interface MailOutcome {
  sent: number
  failed: number
  error?: unknown
}

/**
 * One message per user for the claimed events, in turn. At the first refusal the rest is put back too: the
 * server is probably down, and the caller tries again later.
 */
async function sendPerUser(
  { db, transport, links }: AlertMailOptions,
  events: MailEvent[],
  digestDay?: string,
): Promise<MailOutcome> {
  const byUser = new Map<string, MailEvent[]>()
  for (const event of events) byUser.set(event.userId, [...(byUser.get(event.userId) ?? []), event])
  const groups = [...byUser.values()]
  let sent = 0
  for (const [index, group] of groups.entries()) {
    try {
      await transport.send(alertMessage({ events: group, links, digestDay }))
      sent += group.length
    } catch (error) {
      const unsent = groups.slice(index).flat()
      await releaseEvents(
        db,
        unsent.map((event) => event.id),
      )
      return { sent, failed: unsent.length, error }
    }
  }
  return { sent, failed: 0 }
}

/** Settles what will never be sent: events of users with e-mail off or no address, and stale ones. */
export function settleUnsendableAlertMail({ db, now }: { db: Database; now: Date }) {
  return settleUnsendable(db, new Date(now.getTime() - STALE_AFTER_MS))
}

/**
 * Sends the 'immediate' users, and the 'hourly' users whose last alert e-mail is an hour old, their new events,
 * batch after batch until none is left or a send fails.
 */
export async function sendImmediateAlertMail(options: AlertMailOptions): Promise<MailOutcome> {
  const total: MailOutcome = { sent: 0, failed: 0 }
  const since = new Date(options.now.getTime() - STALE_AFTER_MS)
  const hourAgo = new Date(options.now.getTime() - HOURLY_MS)
  for (;;) {
    const events = await claimImmediateEvents(options.db, { since, hourAgo, limit: BATCH })
    if (events.length === 0) return total
    const outcome = await sendPerUser(options, events)
    total.sent += outcome.sent
    total.failed += outcome.failed
    if (outcome.error !== undefined || events.length < BATCH) return { ...total, error: outcome.error }
  }
}

/** The latest digest time at or before `now`: today at the digest hour (UTC) once it has passed, else yesterday's. */
export function digestCutoff(now: Date, digestHourUtc: number): Date {
  const today = new Date(`${todayUtc(now)}T00:00:00.000Z`).getTime() + digestHourUtc * 3_600_000
  return new Date(today <= now.getTime() ? today : today - DAY_MS)
}

/**
 * The daily digest: each 'daily' user's events that fired before the latest digest time, one message per
 * user. Events after it wait for tomorrow's, so running this again the same day sends nothing: no record of
 * "sent today" is needed. One instance at a time (an advisory lock); the claim keeps events single anyway.
 */
export async function sendAlertDigests(
  options: AlertMailOptions & { digestHourUtc: number },
): Promise<MailOutcome> {
  const until = digestCutoff(options.now, options.digestHourUtc)
  const since = new Date(options.now.getTime() - STALE_AFTER_MS)
  const total: MailOutcome = { sent: 0, failed: 0 }
  for (;;) {
    const events = await options.db.transaction(async (tx) =>
      (await tryDigestLock(tx)) ? claimDigestEvents(tx, { since, until, limit: BATCH }) : [],
    )
    if (events.length === 0) return total
    // One user's events may straddle two batches: the second part goes in a second message.
    const outcome = await sendPerUser(options, events, todayUtc(until))
    total.sent += outcome.sent
    total.failed += outcome.failed
    if (outcome.error !== undefined || events.length < BATCH) return { ...total, error: outcome.error }
  }
}

/** A user who turns alert e-mails off: what waits is not sent later, should they turn them back on. */
export function dropPendingAlertMail({ db, userId }: { db: Database; userId: string }) {
  return settleUserEvents(db, userId)
}

const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The user of an unsubscribe link's token; a missing, malformed or unknown token is a clear 4xx. */
export async function recipientOfToken({
  db,
  token,
}: {
  db: Database
  token: string | undefined
}): Promise<MailRecipient> {
  if (!token) throw badRequest('This unsubscribe link has no token: use the link from the e-mail.')
  if (!TOKEN.test(token))
    throw badRequest('This unsubscribe link is not complete: use the whole link from the e-mail.')
  const recipient = await findRecipientByToken(db, token.toLowerCase())
  if (!recipient)
    throw notFound('This unsubscribe link is not valid: no account has it (it may have been deleted).')
  return recipient
}

/** One-click unsubscribe (RFC 8058): alert e-mails off for the token's user, and nothing waiting sent. */
export async function unsubscribe({ db, token }: { db: Database; token: string | undefined }) {
  const recipient = await recipientOfToken({ db, token })
  await db.transaction(async (tx) => {
    await turnAlertEmailOff(tx, recipient.id)
    await settleUserEvents(tx, recipient.id)
  })
  return { ...recipient, alertEmail: 'off' as const }
}

/** How the app sends e-mail (main.ts, with SMTP_URL): through `transport`, its links to `links.baseUrl`. */
export interface AppMail {
  transport: MailTransport
  links: MailLinks
}

export const MAIL_OFF = 'This server does not send e-mail: alerts show in the app only.'
export const NO_ADDRESS = 'Your account has no e-mail address to send to.'

export const MAIL_FAILED = 'The mail server did not take the test e-mail: try again later.'

/**
 * The profile's test e-mail to the user's own address; answers where it went once the mail server took it. A
 * refusal is logged with the mail server's words and answered without them (they name the server).
 */
export async function sendTestMail({
  mail,
  email,
  log,
}: {
  mail: AppMail | undefined
  email: string | null
  log: FastifyBaseLogger
}) {
  if (!mail) throw new HttpError(409, MAIL_OFF, 'MAIL_OFF')
  if (!email) throw new HttpError(409, NO_ADDRESS, 'NO_ADDRESS')
  try {
    await mail.transport.send(testMessage({ to: email, links: mail.links }))
  } catch (error) {
    log.warn({ err: error }, 'Test e-mail not sent')
    throw new HttpError(502, MAIL_FAILED, 'MAIL_FAILED')
  }
  return { sentTo: email }
}
