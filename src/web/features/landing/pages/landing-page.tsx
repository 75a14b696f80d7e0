import {
  ArrowRight,
  ChartLine,
  LayoutDashboard,
  type LucideIcon,
  Sparkles,
  TrendingUp,
  Users,
} from 'lucide-react'
import type { MouseEvent } from 'react'
import { Link } from 'wouter'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { ItemSearchBox } from '#web/features/search/index.ts'
import { isInFrame, openLoginPopup } from '#web/lib/auth/login-popup.ts'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { BrickStack } from '../components/brick-stack.tsx'

export const SIGN_UP_PATH = '/login?mode=sign-up'

/** Inside a frame (an embed, a preview pane), login opens in a popup instead (spec 01 §2). */
function loginInPopupWhenFramed(event: MouseEvent<HTMLAnchorElement>): void {
  if (!isInFrame()) return
  event.preventDefault()
  openLoginPopup()
}

interface Feature {
  title: string
  text: string
  icon: LucideIcon
  tile: string
}

const FEATURES: Feature[] = [
  {
    title: 'Track Value',
    text: 'See what every set and minifigure is worth today, against what you paid for it.',
    icon: TrendingUp,
    tile: 'bg-brick-red text-white',
  },
  {
    title: 'Collection Dashboard',
    text: 'Your whole collection in one place, with condition, purchase price and totals at a glance.',
    icon: LayoutDashboard,
    tile: 'bg-brick-blue text-white',
  },
  {
    title: 'Market Insights',
    text: 'Find the sets rising in value and the hidden gems, with price charts and market trends.',
    icon: ChartLine,
    tile: 'bg-brick-green text-white',
  },
  {
    title: 'Community Hub',
    text: 'Showcase your collection publicly and see what other collectors are building.',
    icon: Users,
    tile: 'bg-brick-yellow text-neutral-950',
  },
]

/** The signed-out landing screen (spec 01 §2). */
export function LandingPage() {
  useDocumentTitle()
  return (
    <>
      <section aria-labelledby="hero-heading" className="relative isolate z-10">
        <div
          aria-hidden="true"
          className="-z-10 pointer-events-none absolute inset-0 bg-[radial-gradient(40rem_24rem_at_85%_20%,rgb(0_85_191/0.22),transparent),radial-gradient(32rem_20rem_at_10%_90%,rgb(208_16_18/0.14),transparent)]"
        />
        <div className="page-width grid items-center gap-12 py-16 sm:py-24 lg:grid-cols-[1.15fr_1fr] lg:py-28">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface px-3 py-1 text-muted text-xs">
              <span aria-hidden="true" className="size-2 rounded-full bg-brick-green" />
              For collectors, investors and shop owners
            </p>
            <h1
              id="hero-heading"
              className="mt-6 text-balance font-extrabold text-4xl tracking-tight sm:text-5xl lg:text-6xl"
            >
              Turn your collection into a <span className="text-brick-yellow">living investment</span>
            </h1>
            <p className="mt-6 max-w-xl text-pretty text-lg text-muted">
              Track your sets and minifigures, see what they are worth today with price charts and market
              trends, record condition and what you paid, and show your collection to the world.
            </p>
            <div className="mt-10 flex flex-col gap-3 sm:flex-row">
              <Link
                href={SIGN_UP_PATH}
                onClick={loginInPopupWhenFramed}
                className={buttonClasses('primary', 'lg')}
              >
                Start Free — Add Your First Set
                <ArrowRight aria-hidden="true" />
              </Link>
              <a href="#features" className={buttonClasses('secondary', 'lg')}>
                Learn More<span className="sr-only"> about Brickfolio's features</span>
              </a>
            </div>
            <div className="mt-10 max-w-xl">
              <p className="mb-2 font-medium text-muted text-sm">See what's in the catalogue</p>
              <ItemSearchBox
                size="lg"
                placeholder="Try searching for a minifigure"
                label="Search sets and minifigures"
              />
            </div>
          </div>
          <BrickStack className="mx-auto hidden w-full max-w-md lg:block" />
        </div>
      </section>

      <section
        id="features"
        aria-labelledby="features-heading"
        className="scroll-mt-20 border-line border-t py-16 sm:py-24"
      >
        <div className="page-width">
          <div className="max-w-2xl">
            <h2 id="features-heading" className="text-balance font-bold text-3xl tracking-tight sm:text-4xl">
              Everything your collection needs
            </h2>
            <p className="mt-4 text-pretty text-muted">
              From the first set on your shelf to a portfolio of sealed boxes: know what you own and what it
              is worth.
            </p>
          </div>
          <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map(({ title, text, icon: Icon, tile }) => (
              <li key={title} className="rounded-xl border border-line bg-surface p-6">
                <span className={`inline-flex size-11 items-center justify-center rounded-lg ${tile}`}>
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="mt-5 font-semibold text-fg text-lg">{title}</h3>
                <p className="mt-2 text-muted text-sm leading-relaxed">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="quiz-heading" className="border-line border-t py-16 sm:py-20">
        <div className="page-width">
          <Card className="relative isolate flex flex-col items-start gap-6 overflow-hidden p-6 sm:p-10 md:flex-row md:items-center md:justify-between">
            <div
              aria-hidden="true"
              className="-z-10 pointer-events-none absolute inset-0 bg-[radial-gradient(28rem_14rem_at_100%_0%,rgb(245_205_47/0.12),transparent)]"
            />
            <div className="max-w-2xl">
              <p className="inline-flex items-center gap-2 font-semibold text-brick-yellow text-sm">
                <Sparkles aria-hidden="true" className="size-4" />
                Two-minute quiz
              </p>
              <h2
                id="quiz-heading"
                className="mt-3 text-balance font-bold text-2xl tracking-tight sm:text-3xl"
              >
                Collector, investor or shop owner?
              </h2>
              <p className="mt-3 text-pretty text-muted">
                Answer a few questions and we'll set Brickfolio up around the way you collect: completion
                goals, portfolio analytics or inventory tools.
              </p>
            </div>
            <Link href={SIGN_UP_PATH} className={buttonClasses('secondary', 'lg', 'shrink-0')}>
              Take the quiz
              <ArrowRight aria-hidden="true" />
            </Link>
          </Card>
        </div>
      </section>

      <section aria-labelledby="final-cta-heading" className="border-line border-t py-16 sm:py-24">
        <div className="page-width flex flex-col items-center text-center">
          <h2
            id="final-cta-heading"
            className="max-w-2xl text-balance font-extrabold text-3xl tracking-tight sm:text-4xl"
          >
            Know what your collection is <span className="text-brick-yellow">worth today</span>
          </h2>
          <p className="mt-4 max-w-xl text-pretty text-muted">
            Free to start. Add your first set in under a minute and watch its value over time.
          </p>
          <Link href={SIGN_UP_PATH} className={buttonClasses('primary', 'lg', 'mt-8')}>
            Create your free account
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
      </section>
    </>
  )
}
