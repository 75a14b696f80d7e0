import { useQuery } from '@tanstack/react-query'
import { BellOff, BellRing, Send } from 'lucide-react'
import { useState } from 'react'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { serverMessage } from '#web/lib/api.ts'
import { useSendTestPush, useTurnPushOff, useTurnPushOn } from '../mutations.ts'
import { NotificationsBlockedError, pushSupport } from '../push-browser.ts'
import { pushQueries } from '../queries.ts'

const browsers = (count: number) => `${count} browser${count === 1 ? '' : 's'}`

/** What the card says under its heading, by what this browser can do and whether it gets them. */
function statusText(support: ReturnType<typeof pushSupport>, on: boolean, others: number): string {
  if (support === 'unsupported')
    return 'This browser cannot show push notifications. On an iPhone or iPad, add Brickfolio to your Home Screen first and open it from there.'
  if (support === 'blocked')
    return 'Notifications are blocked for this site. Allow them in your browser’s site settings, then reload this page.'
  const elsewhere = others > 0 ? ` Also on in ${browsers(others)} of yours elsewhere.` : ''
  return on
    ? `On in this browser: your price alerts show here as they fire, even when Brickfolio is closed.${elsewhere}`
    : `When a price alert fires, this browser can tell you at once, even when Brickfolio is closed.${elsewhere}`
}

/**
 * Push notifications of price alerts in this browser (ADR 053; the research's per-device channel with a test
 * button): turned on with the browser's own permission prompt, off again, and a test notification to each of
 * the user's browsers. A browser that cannot show them, or where the user blocked them, is told how to.
 */
export function PushCard() {
  const [support, setSupport] = useState(pushSupport)
  const browser = useQuery({ ...pushQueries.browser(), enabled: support !== 'unsupported' })
  const status = useQuery({
    ...pushQueries.status(browser.data ?? null),
    enabled: support === 'unsupported' || browser.isFetched,
  })
  const turnOn = useTurnPushOn()
  const turnOff = useTurnPushOff()
  const test = useSendTestPush()
  const on = support === 'ready' && status.data?.thisBrowser === true
  const others = (status.data?.devices ?? 0) - (on ? 1 : 0)
  const busy = turnOn.isPending || turnOff.isPending

  const switchOn = () => {
    if (!status.data) return
    turnOn.mutate(status.data.publicKey, {
      onSuccess: () =>
        toast({
          title: 'Push notifications on',
          description: 'This browser will show your price alerts as they fire.',
          variant: 'success',
        }),
      onError: (error) =>
        toast(
          error instanceof NotificationsBlockedError
            ? {
                title: 'Notifications not allowed',
                description:
                  'Your browser did not allow notifications for this site. Allow them in its site settings and try again.',
                variant: 'destructive',
              }
            : {
                title: 'Push notifications not turned on',
                description: serverMessage(
                  error,
                  'This browser could not subscribe to push notifications. Please try again.',
                ),
                variant: 'destructive',
              },
        ),
      onSettled: () => setSupport(pushSupport()),
    })
  }

  const switchOff = () =>
    turnOff.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: 'Push notifications off',
          description: 'This browser will no longer show your price alerts.',
          variant: 'success',
        }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: serverMessage(error, 'Could not turn push notifications off. Please try again.'),
          variant: 'destructive',
        }),
    })

  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: ({ devices }) =>
        toast({
          title: 'Test notification sent',
          description: `Sent to ${browsers(devices)}: it should show in a moment.`,
          variant: 'success',
        }),
      onError: (error) =>
        toast({
          title: 'Test notification not sent',
          description: serverMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    })

  return (
    <Card as="section" aria-labelledby="push-heading" className="p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <BellRing aria-hidden="true" className="mt-1 size-5 shrink-0 text-brick-yellow" />
        <div className="min-w-0">
          <h2 id="push-heading" className="font-bold text-lg">
            Push notifications
          </h2>
          <p className="mt-0.5 text-pretty text-muted text-sm" aria-live="polite">
            {statusText(support, on, others)}
          </p>
        </div>
      </div>
      {support === 'ready' && status.data ? (
        <div className="mt-4 flex flex-wrap gap-3">
          {on ? (
            <>
              <button
                type="button"
                disabled={test.isPending}
                onClick={sendTest}
                className={buttonClasses('secondary', 'sm')}
              >
                <Send aria-hidden="true" />
                {test.isPending ? 'Sending...' : 'Send a test notification'}
              </button>
              <button
                type="button"
                disabled={busy}
                onClick={switchOff}
                className={buttonClasses('ghost', 'sm')}
              >
                <BellOff aria-hidden="true" />
                {turnOff.isPending ? 'Turning off...' : 'Turn off in this browser'}
              </button>
            </>
          ) : (
            <button
              type="button"
              disabled={busy}
              onClick={switchOn}
              className={buttonClasses('primary', 'sm')}
            >
              <BellRing aria-hidden="true" />
              {turnOn.isPending ? 'Turning on...' : 'Turn on in this browser'}
            </button>
          )}
        </div>
      ) : null}
    </Card>
  )
}
