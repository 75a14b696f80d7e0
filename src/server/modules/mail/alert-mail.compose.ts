import { escapeHtml } from '#server/lib/escape-html.ts'
import { alertAmount, detail, headline, itemPath, itemTitle } from '../alerts/fired-alert-text.ts'
import type { MailEvent } from './alert-mail.repo.ts'

/** A message ready for the transport: both bodies, and the headers mail providers read. */
export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  headers: Record<string, string>
}

/** Where the app is reached: every link in an e-mail is absolute. */
export interface MailLinks {
  baseUrl: string
}

export const unsubscribePath = (token: string) => `/api/email/unsubscribe?token=${encodeURIComponent(token)}`

/** How every message's HTML body opens: one simple, readable page. */
const HTML_START = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#111;line-height:1.5">`

/** "24 Nov 2026" */
const dayLabel = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })

/** "24 Nov 2026, 09:15 UTC": users read mail in every time zone, so the time says which one it is in. */
const firedAt = (iso: string) => `${dayLabel(iso)}, ${iso.slice(11, 16)} UTC`

/**
 * One message telling a user of their alerts that fired: one alert (immediately), several (immediately, or
 * the daily digest). Plain text and simple HTML with the same content; each alert links to its item, the
 * message to the alerts centre, the profile (to choose how often) and the one-click unsubscribe (RFC 8058).
 */
export function alertMessage({
  events,
  links,
  digestDay,
}: {
  events: MailEvent[]
  links: MailLinks
  /** The digest's day (YYYY-MM-DD); absent for an immediate message. */
  digestDay?: string
}): MailMessage {
  const [first] = events
  if (!first) throw new Error('An alert message needs at least one event')
  const url = (path: string) => new URL(path, links.baseUrl).href
  const unsubscribeUrl = url(unsubscribePath(first.emailToken))
  const alertsUrl = url('/alerts')
  const profileUrl = url('/profile')
  const single = events.length === 1 && !digestDay
  const count = `${events.length} price alert${events.length === 1 ? '' : 's'}`
  const subject = digestDay
    ? `Daily digest: ${count} fired (${dayLabel(`${digestDay}T00:00:00.000Z`)})`
    : single
      ? `Price alert: ${headline(first)}`
      : `Price alerts: ${headline(first)}, and ${events.length - 1} more`
  const intro = digestDay
    ? `Your daily digest: ${count} fired.`
    : single
      ? 'Your price alert fired.'
      : `${count} fired.`
  const why = digestDay
    ? 'You get this digest once a day because you chose it on your profile.'
    : 'You get these e-mails because you set price alerts on Brickfolio.'

  const text = [
    intro,
    '',
    ...events.flatMap((event) => [
      headline(event),
      `  ${detail(event)}`,
      `  ${firedAt(event.createdAt)}`,
      `  ${url(itemPath(event))}`,
      '',
    ]),
    `All your alerts: ${alertsUrl}`,
    '',
    // "-- " (with its space) is the signature line mail programs recognise and fold away.
    '-- ',
    why,
    `Choose immediate e-mails, a daily digest or none: ${profileUrl}`,
    `Stop alert e-mails: ${unsubscribeUrl}`,
  ].join('\n')

  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`
  const html = `${HTML_START}
<p>${escapeHtml(intro)}</p>
<ul style="padding-left:1.2em">
${events
  .map(
    (event) =>
      `<li style="margin-bottom:.8em"><strong>${link(url(itemPath(event)), itemTitle(event))}</strong> is ${event.direction} ${escapeHtml(alertAmount(event.thresholdValue, event))}<br>${escapeHtml(detail(event))}<br><span style="color:#555">${escapeHtml(firedAt(event.createdAt))}</span></li>`,
  )
  .join('\n')}
</ul>
<p>${link(alertsUrl, 'See all your alerts')}</p>
<hr style="border:none;border-top:1px solid #ddd">
<p style="color:#555;font-size:.9em">${escapeHtml(why)} ${link(profileUrl, 'Choose immediate e-mails, a daily digest or none')} · ${link(unsubscribeUrl, 'Unsubscribe')}</p>
</body></html>`

  return {
    to: first.email,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

/**
 * The profile's test e-mail: proof that alert e-mails reach this address (and not the spam folder), with the
 * link to choose how often they come.
 */
export function testMessage({ to, links }: { to: string; links: MailLinks }): MailMessage {
  const profileUrl = new URL('/profile', links.baseUrl).href
  const intro = 'This is a test e-mail from Brickfolio: your price alert e-mails will arrive at this address.'
  const choose = 'Choose immediate e-mails, a daily digest or none'
  return {
    to,
    subject: 'Brickfolio test e-mail: price alerts reach you here',
    text: [intro, '', `${choose}: ${profileUrl}`].join('\n'),
    html: `${HTML_START}
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(profileUrl)}">${escapeHtml(choose)}</a></p>
</body></html>`,
    headers: {},
  }
}
