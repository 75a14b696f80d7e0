import { useQueryClient } from '@tanstack/react-query'
import {
  type ComponentType,
  createElement,
  lazy,
  Suspense,
  useDeferredValue,
  useEffect,
  useState,
} from 'react'
import { Redirect, Route, Switch, useLocation, useRoute, useSearch } from 'wouter'
import {
  prefetchItemScreen,
  prefetchMinifiguresScreen,
  prefetchSetsScreen,
} from '#web/features/catalogue/index.ts'
import { PageSpinner } from '../components/ui/spinner.tsx'
import { useSession } from '../lib/auth/use-session.tsx'
import { loadChunk } from '../lib/load-chunk.ts'
import { UnauthorizedRedirect } from './pages/unauthorized-redirect.tsx'

/** A screen that can be asked to start loading before it is shown. */
type LazyPage<Props> = ComponentType<Props> & { preload: () => void }

/**
 * A route's screen as its own chunk, so the first screen loads only the shell and the page it shows.
 * A chunk that is gone after a deploy reloads the page once (lib/load-chunk.ts). `preload` starts the
 * chunk early (useWarmUp, below); a screen whose code is already there renders at once, rather than
 * through a Suspense fallback, which React may keep on screen for up to 300 ms.
 */
function lazyPage<Props extends object>(
  load: () => Promise<Record<string, unknown>>,
  name: string,
): LazyPage<Props> {
  let loaded: ComponentType<Props> | undefined
  let loading: Promise<{ default: ComponentType<Props> }> | undefined
  const start = () => {
    loading ??= loadChunk(load).then((module) => {
      loaded = module[name] as ComponentType<Props>
      return { default: loaded }
    })
    return loading
  }
  const Lazy = lazy(start) as unknown as ComponentType<Props>
  function Page(props: Props) {
    // Chosen once per mount, so a screen is never swapped for another copy of itself while shown.
    const [Screen] = useState(() => loaded ?? Lazy)
    return createElement(Screen, props)
  }
  Page.preload = () => {
    void start()
  }
  return Page
}

const LandingPage = lazyPage(() => import('../features/landing/pages/landing-page.tsx'), 'LandingPage')
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page.tsx'), 'LoginPage')
const PrivateBetaPage = lazyPage(
  () => import('../features/auth/pages/private-beta-page.tsx'),
  'PrivateBetaPage',
)
const AccessErrorPage = lazyPage(
  () => import('../features/auth/pages/access-error-page.tsx'),
  'AccessErrorPage',
)
const HomePage = lazyPage(() => import('../features/home/pages/home-page.tsx'), 'HomePage')
const ProfilePage = lazyPage(() => import('../features/profile/pages/profile-page.tsx'), 'ProfilePage')
const CollectionPage = lazyPage(
  () => import('../features/collection/pages/collection-page.tsx'),
  'CollectionPage',
)
const AnalyticsPage = lazyPage(
  () => import('../features/collection/pages/analytics-page.tsx'),
  'AnalyticsPage',
)
const SetsPage = lazyPage(() => import('../features/catalogue/pages/sets-page.tsx'), 'SetsPage')
const MinifiguresPage = lazyPage(
  () => import('../features/catalogue/pages/minifigures-page.tsx'),
  'MinifiguresPage',
)
const ItemPage = lazyPage<{ params: { slug?: string } }>(
  () => import('../features/items/pages/item-page.tsx'),
  'ItemPage',
)
const AddItemPage = lazyPage(() => import('../features/items/pages/add-item-page.tsx'), 'AddItemPage')
const EditItemPage = lazyPage<{ params: { slug?: string } }>(
  () => import('../features/items/pages/edit-item-page.tsx'),
  'EditItemPage',
)
const ModerationPage = lazyPage(
  () => import('../features/moderation/pages/moderation-page.tsx'),
  'ModerationPage',
)
const ImportPage = lazyPage(() => import('../features/imports/pages/import-page.tsx'), 'ImportPage')
const WantedPage = lazyPage(() => import('../features/wanted/pages/wanted-page.tsx'), 'WantedPage')
const WatchlistPage = lazyPage(() => import('../features/alerts/pages/watchlist-page.tsx'), 'WatchlistPage')
const FeedPage = lazyPage(() => import('../features/community/pages/feed-page.tsx'), 'FeedPage')
const GalleryPage = lazyPage(() => import('../features/community/pages/gallery-page.tsx'), 'GalleryPage')
const SettingsPage = lazyPage(() => import('./pages/coming-soon-page.tsx'), 'SettingsPage')
const AlertsPage = lazyPage(() => import('../features/alerts/pages/alerts-page.tsx'), 'AlertsPage')
const NotFoundPage = lazyPage(() => import('./pages/not-found-page.tsx'), 'NotFoundPage')

/**
 * Screens that need sign-in: a signed-out visitor gets the Unauthorized toast and goes to login.
 * (So does /item/{slug}/edit; the sets, minifigures and item pages are open to everyone, read-only.)
 */
export const SIGNED_IN_PATHS = [
  '/collection',
  '/collection/analytics',
  '/profile',
  '/social-feed',
  '/gallery',
  '/settings',
  '/import-data',
  '/add-item',
  '/moderation',
  '/wanted',
] as const

/** The route table (spec 01 §2), chosen by the signed-in state. */
export function AppRoutes() {
  // The screen follows the session in the background: the answer's update is urgent, drawing a whole
  // screen is not, and drawn as a transition it never holds the main thread in one long task.
  const status = useDeferredValue(useSession().status)
  useWarmUp()
  if (status === 'loading') return <PageSpinner />
  return <Suspense fallback={<PageSpinner />}>{routesFor(status)}</Suspense>
}

function routesFor(status: 'signed-out' | 'no-access' | 'access-error' | 'ready') {
  // Signed in without access: every path shows the Private Beta gate.
  if (status === 'no-access') return <PrivateBetaPage />
  if (status === 'access-error') return <AccessErrorPage />
  if (status === 'signed-out') {
    return (
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/login" component={LoginPage} />
        <Route path="/sets" component={SetsPage} />
        <Route path="/minifigures" component={MinifiguresPage} />
        <Route path="/item/:slug/edit" component={UnauthorizedRedirect} />
        <Route path="/item/:slug" component={ItemPage} />
        <Route path="/watchlist" component={WatchlistPage} />
        <Route path="/alerts" component={AlertsPage} />
        {SIGNED_IN_PATHS.map((path) => (
          <Route key={path} path={path} component={UnauthorizedRedirect} />
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    )
  }
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route path="/login">
        <Redirect to="/" replace />
      </Route>
      <Route path="/collection" component={CollectionPage} />
      <Route path="/collection/analytics" component={AnalyticsPage} />
      <Route path="/profile" component={ProfilePage} />
      <Route path="/settings" component={SettingsPage} />
      <Route path="/alerts" component={AlertsPage} />
      <Route path="/sets" component={SetsPage} />
      <Route path="/minifigures" component={MinifiguresPage} />
      <Route path="/add-item" component={AddItemPage} />
      <Route path="/import-data" component={ImportPage} />
      <Route path="/watchlist" component={WatchlistPage} />
      <Route path="/social-feed" component={FeedPage} />
      <Route path="/gallery" component={GalleryPage} />
      <Route path="/item/:slug/edit" component={EditItemPage} />
      <Route path="/item/:slug" component={ItemPage} />
      <Route path="/moderation" component={ModerationPage} />
      <Route path="/wanted" component={WantedPage} />
      <Route component={NotFoundPage} />
    </Switch>
  )
}

/** Whether this browser was last seen signed in: only a guess of which screen '/' will be, to load it early. */
const SIGNED_IN_HINT = 'brickfolio:signed-in'

function readHint(): boolean {
  try {
    return window.localStorage.getItem(SIGNED_IN_HINT) === '1'
  } catch {
    return false
  }
}

function writeHint(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(SIGNED_IN_HINT, '1')
    else window.localStorage.removeItem(SIGNED_IN_HINT)
  } catch {
    // Storage may be off; the hint only saves a round trip.
  }
}

/**
 * While the session is still being asked for, the screen of the address opened starts loading, code and
 * first answers, when it is the same signed in or out (the catalogue, an item, sign-in); '/' loads the
 * landing or home by the last session this browser saw, and home as soon as the user is known. On a phone
 * this takes the session's round trip off the way to the first screen (README, Web speed).
 */
function useWarmUp() {
  const queryClient = useQueryClient()
  const [location] = useLocation()
  const search = useSearch()
  const [isItem, itemParams] = useRoute('/item/:slug')
  const { status, user } = useSession()
  const signedIn = user !== null

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the address the app opened on
  useEffect(() => {
    if (location === '/') (readHint() ? HomePage : LandingPage).preload()
    else if (location === '/login') LoginPage.preload()
    else if (location === '/sets') {
      SetsPage.preload()
      prefetchSetsScreen(queryClient, search)
    } else if (location === '/minifigures') {
      MinifiguresPage.preload()
      prefetchMinifiguresScreen(queryClient, search)
    } else if (isItem && itemParams.slug) {
      ItemPage.preload()
      prefetchItemScreen(queryClient, itemParams.slug)
    }
  }, [])

  useEffect(() => {
    if (status === 'loading') {
      if (signedIn && location === '/') HomePage.preload()
      return
    }
    writeHint(signedIn)
  }, [status, signedIn, location])
}
