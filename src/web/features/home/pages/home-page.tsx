import { useQuery } from '@tanstack/react-query'
import { PersonStanding, ToyBrick } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { AddCollectionFlow } from '#web/features/collection/index.ts'
import { ItemSearchBox } from '#web/features/search/index.ts'
import { meQueries } from '#web/lib/auth/me-queries.ts'
import { useSession } from '#web/lib/auth/use-session.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { CollectionDashboard } from '../components/collection-dashboard.tsx'
import { homeSection } from '../home-section.ts'

/**
 * Home for signed-in users (spec 01 §2): the search hero; then the collection dashboard, or, for an
 * empty collection once onboarding is done, the way to start one.
 */
export function HomePage() {
  useDocumentTitle('Home')
  const { user } = useSession()
  const stats = useQuery(meQueries.stats())
  const section = homeSection(stats.data?.collectionCount, Boolean(user?.onboardingCompleted))
  const [adding, setAdding] = useState(false)

  return (
    <>
      <section aria-labelledby="home-heading" className="relative isolate z-10 border-line border-b">
        <div
          aria-hidden="true"
          className="-z-10 pointer-events-none absolute inset-0 bg-[radial-gradient(36rem_20rem_at_80%_0%,rgb(0_85_191/0.2),transparent),radial-gradient(28rem_16rem_at_0%_100%,rgb(245_205_47/0.08),transparent)]"
        />
        <div className="page-width flex flex-col items-center py-14 text-center sm:py-20">
          <p className="font-medium text-muted text-sm">
            {user?.firstName ? `Welcome back, ${user.firstName}` : 'Welcome back'}
          </p>
          <h1
            id="home-heading"
            className="mt-2 text-balance font-extrabold text-4xl tracking-tight sm:text-5xl"
          >
            Your Collection HQ
          </h1>
          <p className="mt-4 max-w-xl text-pretty text-muted">
            Look up any set or minifigure to see its details and retail price.
          </p>
          <ItemSearchBox
            size="lg"
            className="mt-8 max-w-2xl text-left"
            placeholder="Search sets and minifigures"
          />
        </div>
      </section>

      {section === 'dashboard' ? (
        <CollectionDashboard
          itemCount={stats.data?.collectionCount ?? 0}
          investor={user?.profileType === 'investor'}
          onAdd={() => setAdding(true)}
        />
      ) : null}

      {section === 'start' ? (
        <section aria-labelledby="start-heading" className="page-width py-12 sm:py-16">
          <Card className="p-6 text-center sm:p-10">
            <h2 id="start-heading" className="font-bold text-2xl tracking-tight">
              Start Building Your Collection
            </h2>
            <p className="mx-auto mt-3 max-w-lg text-pretty text-muted">
              Find the sets and minifigures you own, add them with what you paid, and watch their value.
            </p>
            <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
              <Link href="/minifigures?theme=Star%20Wars" className={buttonClasses('primary', 'md')}>
                <PersonStanding aria-hidden="true" />
                Browse Star Wars Minifigures
              </Link>
              <Link href="/sets" className={buttonClasses('secondary', 'md')}>
                <ToyBrick aria-hidden="true" />
                Browse Sets
              </Link>
            </div>
            <p className="mt-6 text-muted text-sm">
              Know what you have?{' '}
              <button
                type="button"
                onClick={() => setAdding(true)}
                className="font-semibold text-brick-yellow underline-offset-2 hover:underline"
              >
                Add to your collection
              </button>
            </p>
          </Card>
        </section>
      ) : null}

      <AddCollectionFlow open={adding} onOpenChange={setAdding} />
    </>
  )
}
