import * as Tabs from '@radix-ui/react-tabs'
import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { useSearchParams } from 'wouter'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { LOGIN_PATH } from '#web/lib/auth/auth-queries.ts'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { SignInForm } from '../components/sign-in-form.tsx'
import { SignUpForm } from '../components/sign-up-form.tsx'
import { useAuthProviders } from '../queries.ts'

type Mode = 'sign-in' | 'sign-up'

const tabClasses =
  'flex-1 rounded-lg px-3 py-2 font-semibold text-muted text-sm transition-colors hover:text-fg ' +
  'data-[state=active]:bg-raised data-[state=active]:text-fg data-[state=active]:shadow-sm'

/** Sign in or create an account with e-mail and password; single sign-on when the server offers it. */
export function LoginPage() {
  const [searchParams] = useSearchParams()
  const [mode, setMode] = useState<Mode>(searchParams.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in')
  useDocumentTitle(mode === 'sign-in' ? 'Sign in' : 'Create account')
  const providers = useAuthProviders()

  return (
    <section className="page-width flex flex-1 items-start justify-center py-10 sm:items-center sm:py-16">
      <div className="w-full max-w-md">
        <div className="text-center">
          <h1 className="font-extrabold text-3xl tracking-tight">
            {mode === 'sign-in' ? 'Welcome back' : 'Start your collection'}
          </h1>
          <p className="mt-2 text-pretty text-muted">
            {mode === 'sign-in'
              ? 'Sign in to see what your collection is worth today.'
              : 'Create a free account to track your sets and minifigures.'}
          </p>
        </div>

        <Card className="mt-8 p-5 shadow-2xl shadow-black/40 sm:p-7">
          <Tabs.Root value={mode} onValueChange={(value) => setMode(value as Mode)}>
            <Tabs.List
              aria-label="Sign in or create an account"
              className="flex gap-1 rounded-xl bg-canvas p-1"
            >
              <Tabs.Trigger value="sign-in" className={tabClasses}>
                Sign in
              </Tabs.Trigger>
              <Tabs.Trigger value="sign-up" className={tabClasses}>
                Create account
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="sign-in" className="mt-6">
              <SignInForm />
            </Tabs.Content>
            <Tabs.Content value="sign-up" className="mt-6">
              <SignUpForm />
            </Tabs.Content>
          </Tabs.Root>

          {providers.data?.oidc ? (
            <>
              <div className="my-6 flex items-center gap-3 text-subtle text-xs uppercase tracking-wide">
                <span className="h-px flex-1 bg-line" />
                or
                <span className="h-px flex-1 bg-line" />
              </div>
              {/* A full navigation: the server sends us to the identity provider. */}
              <a href={LOGIN_PATH} className={buttonClasses('secondary', 'lg', 'w-full')}>
                <KeyRound aria-hidden="true" />
                Continue with single sign-on
              </a>
            </>
          ) : null}
        </Card>
      </div>
    </section>
  )
}
