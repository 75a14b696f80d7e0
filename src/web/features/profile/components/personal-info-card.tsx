import { Pencil } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import type { User } from '#shared/contract/auth.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { profileTypeTitle } from '../profile-form.ts'

// The form's code (react-hook-form, the fields, Radix Select) loads when editing starts: most visits
// only read the profile, and the first screen stays within its JavaScript budget (DESIGN §9).
const PersonalInfoForm = lazy(() =>
  import('./personal-info-form.tsx').then((module) => ({ default: module.PersonalInfoForm })),
)

/** Personal Information with a view/edit toggle (spec 01 §2); e-mail is read-only. */
export function PersonalInfoCard({ user }: { user: User }) {
  // A user without a first name lands straight in edit mode.
  const [editing, setEditing] = useState(() => !user.firstName)

  return (
    <Card as="section" aria-labelledby="personal-heading" className="p-5 sm:p-6">
      <div className="flex items-center justify-between gap-4">
        <h2 id="personal-heading" className="font-bold text-lg">
          Personal Information
        </h2>
        {editing ? null : (
          <button type="button" onClick={() => setEditing(true)} className={buttonClasses('secondary', 'sm')}>
            <Pencil aria-hidden="true" />
            Edit
          </button>
        )}
      </div>

      {editing ? (
        <Suspense fallback={<div aria-busy="true" className="mt-5 min-h-60" />}>
          <PersonalInfoForm user={user} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        <dl className="mt-5 grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <InfoRow label="First name" value={user.firstName} />
          <InfoRow label="Last name" value={user.lastName} />
          <InfoRow label="Profile type" value={profileTypeTitle(user.profileType)} />
          <InfoRow label="Email" value={user.email} />
        </dl>
      )}
    </Card>
  )
}
function InfoRow({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="min-w-0">
      <dt className="text-subtle text-xs uppercase tracking-wide">{label}</dt>
      <dd className={value ? 'mt-1 break-words text-fg' : 'mt-1 text-subtle italic'}>{value || 'Not set'}</dd>
    </div>
  )
}
