import { expect, test } from '@playwright/test'
import {
  chooseCurrency,
  collectErrors,
  expectNoHorizontalOverflow,
  openUserMenu,
  PASSWORD,
  saveScreenshot,
  signUp,
  toastArea,
  uniqueEmail,
} from './support.ts'

test('sign up, onboard, edit the profile, change currency, sign out and in again', async ({ page }) => {
  test.setTimeout(90_000)
  const errors = collectErrors(page)
  const email = uniqueEmail('journey')

  // The landing call to action opens the login page on its Create account tab.
  await page.goto('/')
  await page.getByRole('link', { name: 'Start Free — Add Your First Set' }).click()
  await expect(page).toHaveURL(/\/login\?mode=sign-up$/)
  await expect(page.getByRole('tab', { name: 'Create account' })).toHaveAttribute('aria-selected', 'true')

  // The shared schemas' messages show under the fields.
  const signUpForm = page.getByRole('form', { name: 'Create account' })
  await signUpForm.getByRole('button', { name: 'Create account' }).click()
  await expect(signUpForm.getByText('Enter a valid email address')).toBeVisible()
  await expect(signUpForm.getByText('Password must be at least 8 characters')).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'login-sign-up')
  await page.getByRole('tab', { name: 'Sign in' }).click()
  await saveScreenshot(page, 'login')

  await signUp(page, email)

  // Onboarding, step 1: it cannot be dismissed.
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Welcome! How will you use Brickfolio?' })).toBeVisible()
  await page.keyboard.press('Escape')
  await page.mouse.click(5, 5)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: /close/i })).toHaveCount(0)
  await expect(dialog.getByRole('list', { name: 'Profile types' }).getByRole('button')).toHaveCount(3)
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'onboarding-step-1', { fullPage: false })

  // Step 2 shows the chosen type; Back returns to step 1.
  await dialog.getByRole('button', { name: /Investor/ }).click()
  await expect(dialog.getByRole('heading', { name: 'Investor' })).toBeVisible()
  await expect(dialog.getByText('Monitor your investments and returns')).toBeVisible()
  for (const feature of [
    'Portfolio analytics',
    'Price alerts and tracking',
    'ROI calculations',
    'Market insights',
  ]) {
    await expect(dialog.getByText(feature)).toBeVisible()
  }
  await expect(dialog.getByRole('button', { name: 'Get Started' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Back' }).click()
  await expect(dialog.getByRole('button', { name: /Investor/ })).toBeFocused()
  await dialog.getByRole('button', { name: /Collector/ }).click()
  await expect(dialog.getByRole('heading', { name: 'Collector' })).toBeVisible()
  await expect(dialog.getByText('Share with community')).toBeVisible()
  await saveScreenshot(page, 'onboarding-step-2', { fullPage: false })
  await dialog.getByRole('button', { name: 'Get Started' }).click()

  // Welcome toast, then the profile, in edit mode because there is no first name yet.
  await expect(toastArea(page).getByText('Welcome to Brickfolio!')).toBeVisible()
  await expect(toastArea(page).getByText('Your profile has been set up successfully.')).toBeVisible()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(dialog).toBeHidden()
  const main = page.getByRole('main')
  await expect(main.getByText('Collector', { exact: true }).first()).toBeVisible()
  const editForm = main.getByRole('form', { name: 'Edit personal information' })
  await expect(editForm).toBeVisible()
  await expect(editForm.getByLabel('Email')).toHaveValue(email)
  await expect(editForm.getByLabel('Email')).toHaveAttribute('readonly', '')
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'profile-edit')

  // Cancel restores the saved values and leaves edit mode.
  await editForm.getByLabel('First name').fill('Temporary')
  await editForm.getByRole('button', { name: 'Cancel' }).click()
  await expect(editForm).toBeHidden()
  await expect(main.getByText('Temporary')).toHaveCount(0)

  // Edit and save the names and the profile type.
  await main.getByRole('button', { name: 'Edit' }).click()
  await editForm.getByLabel('First name').fill('Ada')
  await editForm.getByLabel('Last name').fill('Lovelace')
  await editForm.getByLabel('Profile type').click()
  await page.getByRole('option', { name: /Investor/ }).click()
  await editForm.getByRole('button', { name: 'Save changes' }).click()
  await expect(toastArea(page).getByText('Profile updated successfully')).toBeVisible()
  await expect(editForm).toBeHidden()
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Ada Lovelace')
  await expect(main.getByText('Investor', { exact: true }).first()).toBeVisible()

  // Account Stats, in dollars and then in euros.
  const stats = main.getByRole('region', { name: 'Account Stats' })
  await expect(stats.getByText('Collection items')).toBeVisible()
  await expect(stats.getByText('Active alerts')).toBeVisible()
  await expect(stats).toContainText('$0.00')
  await expect(toastArea(page).getByText('Profile updated successfully')).toBeHidden({ timeout: 10_000 })
  await saveScreenshot(page, 'profile-view')

  // Home: the search box prices in dollars; after switching to euros, in euros.
  await page.getByRole('link', { name: 'Brickfolio home' }).click()
  await expect(page.getByRole('heading', { name: 'Your Collection HQ' })).toBeVisible()
  const box = page.getByRole('combobox', { name: 'Search sets and minifigures' })
  await box.fill('falcon')
  const falcon = page.getByRole('option', { name: /75192-1/ })
  // The US retail price, as a dollar reader sees it (issue 12: no longer £734.99 converted).
  await expect(falcon).toContainText('$849.99 US')
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'home')

  await chooseCurrency(page, 'EUR')
  await box.focus()
  // In euros, the German retail price.
  await expect(falcon).toContainText('€849.99 DE')
  await page.goto('/profile')
  await expect(page.getByRole('region', { name: 'Account Stats' })).toContainText('€0.00')

  // Header destinations: Settings from the user menu; an unknown path is a 404.
  await openUserMenu(page)
  await page.getByRole('menuitem', { name: 'Settings' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings - Coming Soon')
  await page.goto('/alerts')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alerts')
  await page.goto('/collection')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Collection')
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found')

  // Sign out from the user menu.
  await openUserMenu(page)
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Up / Login' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Start Free — Add Your First Set' })).toBeVisible()

  // Forget the local currency choice: signing in brings back the saved one (EUR).
  await page.evaluate(() => localStorage.removeItem('brickfolio.currency'))
  await page.goto('/login')
  await expect(page.getByRole('banner').getByRole('button', { name: /Display currency/ })).toContainText(
    'USD',
  )
  const signInForm = page.getByRole('form', { name: 'Sign in' })
  await signInForm.getByLabel('Email').fill(email)
  await signInForm.getByLabel('Password', { exact: true }).fill('not-the-password')
  await signInForm.getByRole('button', { name: 'Sign in' }).click()
  await expect(signInForm.getByRole('alert')).toHaveText('Incorrect email or password.')

  await signInForm.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await signInForm.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: 'Your Collection HQ' })).toBeVisible()
  await expect(page.getByText('Welcome back, Ada')).toBeVisible()
  await expect(page.getByRole('banner').getByRole('button', { name: /Display currency/ })).toContainText(
    'EUR',
  )

  // Wrong-password 401s are the server's answer, not page errors.
  expect(errors.filter((error) => !/status of 401/.test(error))).toEqual([])
})

test('signing up with an e-mail that is taken shows the server message', async ({ page, playwright }) => {
  const email = uniqueEmail('taken')
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL })
  const created = await api.post('/api/auth/register', {
    data: { email, password: PASSWORD },
    headers: { Origin: test.info().project.use.baseURL ?? '' },
  })
  expect(created.status()).toBe(201)
  await api.dispose()

  await signUp(page, email)
  await expect(page.getByRole('form', { name: 'Create account' }).getByRole('alert')).toHaveText(
    'An account with this email already exists. Sign in instead.',
  )
  await expect(page).toHaveURL(/\/login$/)
})

test('signed-in navigation: desktop links or the mobile bottom bar mark the current route', async ({
  page,
}, testInfo) => {
  await signUp(page, uniqueEmail('nav'), { first: 'Nav', last: 'Tester' })
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: /Shop Owner/ }).click()
  await dialog.getByRole('button', { name: 'Get Started' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  // With a first name the profile opens in view mode.
  await expect(page.getByRole('main').getByRole('button', { name: 'Edit' })).toBeVisible()

  const mobile = testInfo.project.name === 'mobile'
  const nav = page.getByRole('navigation', { name: mobile ? 'Mobile' : 'Main' })
  await expect(page.getByRole('navigation', { name: mobile ? 'Main' : 'Mobile' })).toBeHidden()
  const labels = mobile
    ? ['Home', 'Sets', 'Minifigs', 'Collection', 'Community', 'Profile']
    : ['Home', 'Collection', 'Sets', 'Minifigures', 'Community']
  for (const label of labels) await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible()

  await nav.getByRole('link', { name: 'Sets', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('LEGO Sets')
  await expect(nav.getByRole('link', { name: 'Sets', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).not.toHaveAttribute('aria-current')
  await expect(nav.getByRole('link', { name: 'Community', exact: true })).toHaveAttribute(
    'href',
    '/social-feed',
  )
  await expectNoHorizontalOverflow(page)
})
