import { BellRing, X } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'

const DISMISSED = 'brickfolio:push-hint-dismissed'

/** Whether to offer push here: the browser can show notifications and nobody has asked yet (nor said no to this). */
function worthOffering(): boolean {
  try {
    return (
      'serviceWorker' in navigator &&
      'PushManager' in window &&
      'Notification' in window &&
      Notification.permission === 'default' &&
      localStorage.getItem(DISMISSED) === null
    )
  } catch {
    return false
  }
}

/**
 * On the alerts centre, where users look for their alerts: a line saying they can come to this browser even
 * while Brickfolio is closed (push notifications, ADR 053), until the browser has asked or the user closes it.
 */
export function PushHint() {
  const [shown, setShown] = useState(worthOffering)
  if (!shown) return null
  return (
    <aside
      aria-label="Push notifications"
      className="flex items-start gap-3 rounded-xl border border-line bg-raised px-4 py-3 text-sm"
    >
      <BellRing aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brick-yellow" />
      <p className="min-w-0 flex-1 text-pretty text-muted">
        Get these in this browser as they fire, even when Brickfolio is closed:{' '}
        <Link href="/profile" className="font-semibold text-fg underline underline-offset-2">
          turn on push notifications on your profile
        </Link>
        .
      </p>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={() => {
          localStorage.setItem(DISMISSED, '1')
          setShown(false)
        }}
        className="-m-1 rounded p-1 text-muted hover:text-fg"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </aside>
  )
}
