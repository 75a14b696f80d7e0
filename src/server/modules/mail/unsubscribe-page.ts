import { escapeHtml } from '#server/lib/escape-html.ts'
import type { AlertEmailChoice } from '#shared/contract/values.ts'

/**
 * A small page of its own, rendered by the server: it must work for someone signed out, on any device, with
 * JavaScript off, and load nothing else (the app's look: dark, one accent). Styles inline, which the
 * content security policy allows for styles only.
 */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Brickfolio</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0b0b0c;color:#e7e7ea;
  font:16px/1.5 system-ui,-apple-system,'Segoe UI',sans-serif}
main{max-width:28rem;margin:1rem;padding:2rem;border:1px solid #26262b;border-radius:12px;background:#131316}
h1{font-size:1.35rem;margin:0 0 .75rem}p{color:#b4b4bb;margin:.5rem 0}
button{margin-top:1rem;padding:.6rem 1.1rem;border:0;border-radius:8px;background:#e3000b;color:#fff;font:inherit;
  font-weight:600;cursor:pointer}button:focus-visible,a:focus-visible{outline:2px solid #ffd500;outline-offset:2px}
a{color:#7cb7ff}
</style></head>
<body><main>${body}</main></body></html>`
}

const profileLink =
  '<p><a href="/profile">Change your e-mail settings on your profile</a> (sign-in needed).</p>'

const CHOICES: Record<AlertEmailChoice, string> = {
  immediate: 'as soon as an alert fires',
  hourly: 'as alerts fire, at most one an hour',
  daily: 'as a daily digest',
  off: 'not at all',
}

/**
 * GET: asks, never changes anything by itself (mail scanners follow links); the button posts back to the same
 * address, as a mail provider's one-click unsubscribe does.
 */
export function confirmPage({ email, alertEmail }: { email: string | null; alertEmail: AlertEmailChoice }) {
  const who = email ? ` to <strong>${escapeHtml(email)}</strong>` : ''
  if (alertEmail === 'off') {
    return page(
      'Alert e-mails are off',
      `<h1>Alert e-mails are off</h1><p>Brickfolio sends no price-alert e-mails${who}. Your alerts still show in the app.</p>${profileLink}`,
    )
  }
  return page(
    'Unsubscribe from alert e-mails',
    `<h1>Stop price-alert e-mails?</h1><p>Brickfolio sends price-alert e-mails${who} ${CHOICES[alertEmail]}.</p>
<p>Your alerts keep working and still show in the app.</p>
<form method="post"><button type="submit">Unsubscribe</button></form>${profileLink}`,
  )
}

export function donePage({ email }: { email: string | null }) {
  const who = email ? ` to <strong>${escapeHtml(email)}</strong>` : ''
  return page(
    'Unsubscribed',
    `<h1>You are unsubscribed</h1><p>Brickfolio will send no more price-alert e-mails${who}. Your alerts still show in the app.</p>${profileLink}`,
  )
}

export function problemPage(message: string) {
  return page(
    'Unsubscribe link not valid',
    `<h1>This link does not work</h1><p>${escapeHtml(message)}</p>${profileLink}`,
  )
}
