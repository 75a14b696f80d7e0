import { type SQL, sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { isoTimestamp } from '#server/db/json-text.ts'
import { JOB_LOCKS } from '#server/db/lock-keys.ts'
import type { AlertEmailChoice } from '#shared/contract/values.ts'
import type { FiredAlert } from '../alerts/fired-alert-text.ts'

/** An alert event taken from the outbox to be e-mailed, with what the message says of it. */
export interface MailEvent extends FiredAlert {
  id: number
  userId: string
  email: string
  emailToken: string
  createdAt: string
}

const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`

/**
 * Takes the un-e-mailed events that `which` picks, at most `limit`, by stamping `emailed_at` in one statement:
 * `FOR UPDATE SKIP LOCKED` lets several instances take batches side by side, never the same event twice, nor
 * two batches of one user's at once (the user's row is locked too, so an 'hourly' user's stamp is seen). The
 * stamp is the claim, committed before anything is sent, so no transaction stays open while a mail server
 * answers (ADR 015); `releaseEvents` puts back those whose message was not accepted. Each user concerned is
 * stamped too (`last_alert_email_at`), which an 'hourly' user's next claim waits an hour from.
 */
async function claim(db: Database, which: SQL, limit: number): Promise<MailEvent[]> {
  return queryRows<MailEvent>(
    db,
    sql`with picked as (
        select e.id, e.user_id from alert_events e join users u on u.id = e.user_id
        where e.emailed_at is null and u.email is not null and ${which}
        order by e.id limit ${limit}
        for update of e, u skip locked),
      stamped as (
        update users set last_alert_email_at = now() where id in (select user_id from picked)),
      claimed as (
        update alert_events e set emailed_at = now() from picked where e.id = picked.id
        returning e.id, e.user_id, e.item_id, e.condition_id, e.direction, e.threshold_value, e.currency, e.price,
          e.created_at)
      select c.id, c.user_id as "userId", u.email, u.email_token as "emailToken", i.number as "itemNumber",
        i.name as "itemName", i.slug as "itemSlug", k.label as condition, c.direction,
        c.threshold_value::text as "thresholdValue", c.currency, c.price::text as price,
        ${isoTimestamp(sql`c.created_at`)} as "createdAt"
      from claimed c join users u on u.id = c.user_id join items i on i.id = c.item_id
        join conditions k on k.id = c.condition_id
      order by c.user_id, c.id`,
  )
}

/**
 * Events fired since `since` of users who want each alert at once, and of 'hourly' users whose last alert e-mail
 * was taken at or before `hourAgo` (their events in between wait, and go together in the next).
 */
export function claimImmediateEvents(
  db: Database,
  { since, hourAgo, limit }: { since: Date; hourAgo: Date; limit: number },
) {
  return claim(
    db,
    sql`(u.alert_email = 'immediate' or (u.alert_email = 'hourly'
        and (u.last_alert_email_at is null or u.last_alert_email_at <= ${hourAgo.toISOString()})))
      and e.created_at >= ${since.toISOString()}`,
    limit,
  )
}

/** Events of users who chose the daily digest, fired between `since` and the digest's `until`. */
export function claimDigestEvents(
  db: Database,
  { since, until, limit }: { since: Date; until: Date; limit: number },
) {
  return claim(
    db,
    sql`u.alert_email = 'daily' and e.created_at >= ${since.toISOString()} and e.created_at < ${until.toISOString()}`,
    limit,
  )
}

/**
 * Back to the outbox: events whose message the mail server did not take. Their users' stamp goes too, so an
 * 'hourly' user's message is tried again with everyone else's rather than an hour later.
 */
export async function releaseEvents(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return
  await db.execute(sql`with released as (
      update alert_events set emailed_at = null where id = any(${idArray(ids)}::int[]) returning user_id)
    update users set last_alert_email_at = null where id in (select user_id from released)`)
}

/**
 * Settles, without a message, the events no e-mail will tell of: their user chose none or has no address,
 * or they fired before `staleBefore` (a price alert days late is noise). Stamped, not left waiting, so they
 * neither fill the outbox nor go out later when the user turns e-mail back on.
 */
export async function settleUnsendable(db: Database, staleBefore: Date): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with settled as (
        update alert_events e set emailed_at = now() from users u
        where u.id = e.user_id and e.emailed_at is null
          and (u.alert_email = 'off' or u.email is null or e.created_at < ${staleBefore.toISOString()})
        returning e.id)
      select count(*)::int as n from settled`,
  )
  return rows[0]?.n ?? 0
}

/** One user's events still waiting for an e-mail, settled without one (they turned e-mail off). */
export async function settleUserEvents(db: Database, userId: string): Promise<void> {
  await db.execute(
    sql`update alert_events set emailed_at = now() where user_id = ${userId} and emailed_at is null`,
  )
}

/** One instance at a time sends the daily digest. */
const DIGEST_LOCK = JOB_LOCKS.alertDigest

/** Takes the digest lock until the transaction ends; false when another instance holds it. */
export async function tryDigestLock(db: Database): Promise<boolean> {
  const [lock] = await queryRows<{ locked: boolean }>(
    db,
    sql`select pg_try_advisory_xact_lock(${DIGEST_LOCK}) as locked`,
  )
  return lock?.locked === true
}

export interface MailRecipient {
  id: string
  email: string | null
  alertEmail: AlertEmailChoice
}

/** The user an unsubscribe token belongs to; undefined for an unknown token. */
export async function findRecipientByToken(db: Database, token: string): Promise<MailRecipient | undefined> {
  const rows = await queryRows<MailRecipient>(
    db,
    sql`select id, email, alert_email as "alertEmail" from users where email_token = ${token}`,
  )
  return rows[0]
}

/** Turns the user's alert e-mails off. */
export async function turnAlertEmailOff(db: Database, userId: string): Promise<void> {
  await db.execute(
    sql`update users set alert_email = 'off', updated_at = now() where id = ${userId} and alert_email <> 'off'`,
  )
}
