import * as Dialog from '@radix-ui/react-dialog'
import { ArrowLeft, ArrowRight, Boxes, ChartLine, Check, type LucideIcon, Store } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import type { ProfileType } from '#shared/contract/values.ts'
import { PROFILE_TYPES } from '#shared/profile-types.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { useToast } from '#web/components/ui/use-toast.ts'
import { useUpdateProfile } from '#web/lib/auth/use-update-profile.ts'
import { cn } from '#web/lib/cn.ts'

export const ONBOARDING_SUCCESS = {
  title: 'Welcome to Brickfolio!',
  description: 'Your profile has been set up successfully.',
}
export const ONBOARDING_FAILURE = {
  title: 'Error',
  description: 'Failed to save your profile. Please try again.',
}

const TYPE_ICONS: Record<ProfileType, LucideIcon> = { collector: Boxes, investor: ChartLine, shop: Store }
const TYPE_TILES: Record<ProfileType, string> = {
  collector: 'bg-brick-blue text-white',
  investor: 'bg-brick-green text-white',
  shop: 'bg-brick-yellow text-neutral-950',
}

function TypeTile({ type, className }: { type: ProfileType; className?: string }) {
  const Icon = TYPE_ICONS[type]
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-lg',
        TYPE_TILES[type],
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
    </span>
  )
}

/** Stops Radix from closing the dialog: onboarding cannot be dismissed (spec 01 §2). */
const stay = (event: Event) => event.preventDefault()

/**
 * Onboarding in two steps: pick a profile type, then review it and Get Started, which saves the
 * type, marks onboarding complete and takes the user to their profile.
 */
export function OnboardingDialog() {
  const [step, setStep] = useState<1 | 2>(1)
  const [choice, setChoice] = useState<ProfileType | null>(null)
  const { toast } = useToast()
  const [, navigate] = useLocation()
  const chosen = PROFILE_TYPES.find((type) => type.id === choice)
  const contentRef = useRef<HTMLDivElement>(null)

  // The clicked control disappears with each step, so move focus on purpose: to Get Started on
  // step 2, back to the chosen card on step 1.
  const stepShown = useRef(false)
  useEffect(() => {
    if (!stepShown.current) {
      stepShown.current = true
      return
    }
    const target =
      step === 2
        ? contentRef.current?.querySelector<HTMLElement>('[data-get-started]')
        : contentRef.current?.querySelector<HTMLElement>(`[data-profile-type="${choice}"]`)
    target?.focus()
  }, [step, choice])

  // The saved user closes this dialog, so what follows success is said here, not per call.
  const save = useUpdateProfile({
    onSuccess: () => {
      toast({ ...ONBOARDING_SUCCESS, variant: 'success' })
      navigate('/profile')
    },
    onError: (error) => {
      console.error(error)
      toast({ ...ONBOARDING_FAILURE, variant: 'destructive' })
    },
  })

  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/75 backdrop-blur-sm data-[state=open]:motion-safe:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content
          ref={contentRef}
          onEscapeKeyDown={stay}
          onPointerDownOutside={stay}
          onInteractOutside={stay}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line-strong bg-surface p-5 shadow-2xl shadow-black/70 outline-none sm:p-8 data-[state=open]:motion-safe:animate-[dialog-in_180ms_ease-out]"
        >
          <p className="font-semibold text-brick-yellow text-xs uppercase tracking-wide">Step {step} of 2</p>
          {step === 1 || !chosen ? (
            <>
              <Dialog.Title className="mt-2 font-extrabold text-2xl tracking-tight sm:text-3xl">
                Welcome! How will you use Brickfolio?
              </Dialog.Title>
              <Dialog.Description className="mt-2 text-muted">
                Pick the profile that fits you best. You can change it later on your profile.
              </Dialog.Description>
              <ul aria-label="Profile types" className="mt-6 grid gap-3 sm:grid-cols-3">
                {PROFILE_TYPES.map((type) => {
                  const selected = choice === type.id
                  return (
                    <li key={type.id} className="grid">
                      <button
                        type="button"
                        data-profile-type={type.id}
                        aria-pressed={selected}
                        onClick={() => {
                          setChoice(type.id)
                          setStep(2)
                        }}
                        className={cn(
                          'group flex flex-col items-start gap-3 rounded-xl border bg-canvas p-4 text-left transition-colors sm:p-5',
                          selected
                            ? 'border-brick-yellow'
                            : 'border-line hover:border-line-strong hover:bg-raised',
                        )}
                      >
                        <TypeTile type={type.id} className="size-10" />
                        <span className="font-semibold text-fg">{type.title}</span>
                        <span className="text-muted text-sm">{type.description}</span>
                      </button>
                    </li>
                  )
                })}
              </ul>
            </>
          ) : (
            <>
              <div className="mt-3 flex items-center gap-3">
                <TypeTile type={chosen.id} className="size-11" />
                <Dialog.Title className="font-extrabold text-2xl tracking-tight sm:text-3xl">
                  {chosen.title}
                </Dialog.Title>
              </div>
              <Dialog.Description className="mt-3 text-muted">{chosen.description}</Dialog.Description>
              <h3 className="mt-6 font-semibold text-fg text-sm">What you get</h3>
              <ul className="mt-3 grid gap-2.5 sm:grid-cols-2">
                {chosen.features.map((feature) => (
                  <li
                    key={feature}
                    className="flex items-center gap-2.5 rounded-lg border border-line bg-canvas px-3 py-2.5 text-sm"
                  >
                    <Check aria-hidden="true" className="size-4 shrink-0 text-brick-yellow" />
                    {feature}
                  </li>
                ))}
              </ul>
              <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
                <button
                  type="button"
                  disabled={save.isPending}
                  onClick={() => setStep(1)}
                  className={buttonClasses('secondary', 'lg')}
                >
                  <ArrowLeft aria-hidden="true" />
                  Back
                </button>
                <button
                  type="button"
                  data-get-started
                  disabled={save.isPending}
                  onClick={() => save.mutate({ profileType: chosen.id, onboardingCompleted: true })}
                  className={buttonClasses('primary', 'lg')}
                >
                  {save.isPending ? 'Saving…' : 'Get Started'}
                  <ArrowRight aria-hidden="true" />
                </button>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
