import { lazy, Suspense } from 'react'
import { Route, Switch } from 'wouter'
import { PageSpinner } from '../components/ui/spinner.tsx'

// Every screen is its own chunk, so the first screen only loads the shell and the page it shows.
const LandingPage = lazy(() =>
  import('../features/landing/pages/landing-page.tsx').then((module) => ({ default: module.LandingPage })),
)
const NotFoundPage = lazy(() =>
  import('./pages/not-found-page.tsx').then((module) => ({ default: module.NotFoundPage })),
)

/** The route table. Signed-in routes (spec 01 §2) join it with authentication. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  )
}
