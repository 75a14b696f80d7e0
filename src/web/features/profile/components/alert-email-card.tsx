import { useQuery } from '@tanstack/react-query'
import { Mail, Send } from 'lucide-react'
import type { AlertEmailChoice } from '#shared/contract/values.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { ChoiceGroup } from '#web/components/ui/choice-group.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { serverMessage } from '#web/lib/api.ts'
import { useSession } from '#web/lib/auth/use-session.tsx'
import { useUpdateProfile } from '#web/lib/auth/use-update-profile.ts'
import { useSendTestMail } from '../mutations.ts'
import { alertEmailStatusQuery } from '../queries.ts'

const CHOICES: ReadonlyArray<{ value: AlertEmailChoice; label: string; description: string; saved: string }> =
  [
    {
      value: 'immediate',
      label: 'Immediately',
      description: 'An e-mail as each alert fires',
      saved: 'You will get an e-mail as each alert fires.',
    },
    {
      value: 'hourly',
      label: 'At most hourly',
      description: 'At most one e-mail an hour, with all of them',
      saved:
        'You will get at most one e-mail an hour: alerts that fire in between come together in the next.',
    },
    {
      value: 'daily',
      label: 'Daily digest',
      description: 'One e-mail a day with all of them',
      saved: 'You will get one e-mail a day listing the alerts that fired.',
    },
    {
      value: 'off',
      label: 'Off',
      description: 'Alerts show in the app only',
      saved: 'No alert e-mails: your alerts show in the app only.',
    },
  ]

/**
 * How price alerts reach the user by e-mail (issue 13): saved as it is chosen, with a toast, and a test e-mail
 * to see them arrive (ours: users of alert tools ask for one). On a server that sends no e-mail (no SMTP_URL)
 * it says alerts show in the app only, and offers no choice (the one kept applies once the server sends e-mail).
 */
export function AlertEmailCard() {
  const { user } = useSession()
  const status = useQuery(alertEmailStatusQuery())
  const mailOff = status.data?.available === false
  const testMail = useSendTestMail()
  const save = useUpdateProfile({
    onSuccess: (saved) =>
      toast({
        title: 'E-mail settings saved',
        description: CHOICES.find((choice) => choice.value === saved.alertEmail)?.saved,
        variant: 'success',
      }),
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Could not save your e-mail settings. Please try again.'),
        variant: 'destructive',
      }),
  })
  if (!user) return null
  // The choice just made shows until the answer confirms it (or the old one comes back).
  const value = save.sent?.alertEmail ?? user.alertEmail

  return (
    <Card as="section" aria-labelledby="alert-email-heading" className="p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <Mail aria-hidden="true" className="mt-1 size-5 shrink-0 text-brick-yellow" />
        <div className="min-w-0">
          <h2 id="alert-email-heading" className="font-bold text-lg">
            E-mail notifications
          </h2>
          <p className="mt-0.5 text-pretty text-muted text-sm">
            {mailOff ? (
              'This server does not send e-mail: when a price alert fires, we tell you in the app only.'
            ) : (
              <>
                When a price alert fires, we tell you in the app and by e-mail to{' '}
                <span className="break-words text-fg">{user.email ?? 'your address'}</span>.
              </>
            )}
          </p>
        </div>
      </div>
      {mailOff ? null : (
        <>
          <ChoiceGroup
            className="mt-4"
            legend="Alert e-mails"
            name="alert-email"
            value={value}
            options={CHOICES}
            disabled={save.isPending}
            onChange={(alertEmail) => {
              if (alertEmail !== user.alertEmail) save.mutate({ alertEmail })
            }}
          />
          {user.email ? (
            <button
              type="button"
              disabled={testMail.isPending}
              onClick={() =>
                testMail.mutate(undefined, {
                  onSuccess: ({ sentTo }) =>
                    toast({
                      title: 'Test e-mail sent',
                      description: `Sent to ${sentTo}. Not in your inbox? Look in your spam folder.`,
                      variant: 'success',
                    }),
                  onError: (error) =>
                    toast({
                      title: 'Test e-mail not sent',
                      description: serverMessage(error, 'Please try again.'),
                      variant: 'destructive',
                    }),
                })
              }
              className={buttonClasses('secondary', 'sm', 'mt-4')}
            >
              <Send aria-hidden="true" />
              {testMail.isPending ? 'Sending...' : 'Send a test e-mail'}
            </button>
          ) : null}
        </>
      )}
    </Card>
  )
}
