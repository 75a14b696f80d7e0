import { expect, test } from '@playwright/test'
import { signUpViaApi } from './collection-support.ts'
import {
  CATALOGUE_URL,
  collectErrors,
  expectNoHorizontalOverflow,
  expectToastShown,
  saveScreenshot,
} from './support.ts'

test('the profile sets how price alerts arrive by e-mail, and it is kept', async ({ page, baseURL }) => {
  const errors = collectErrors(page)
  const email = await signUpViaApi(page, baseURL as string, { label: 'alert-email' })
  await page.goto('/profile')
  const card = page.getByRole('region', { name: 'E-mail notifications' })
  await expect(card).toContainText(email)
  const choices = card.getByRole('group', { name: 'Alert e-mails' })
  await expect(choices.getByRole('radio', { name: /^Immediately/ })).toBeChecked()

  // The choice shows in the click's own render: a radio that waited for the save's state flicked back for a moment
  // (and a click checked just then looked as if it had not taken).
  const daily = choices.getByRole('radio', { name: /^Daily digest/ })
  const checkedAtOnce = await daily.evaluate((input: HTMLInputElement) => {
    input.click()
    return input.checked
  })
  expect(checkedAtOnce).toBe(true)
  await expectToastShown(page, 'You will get one e-mail a day listing the alerts that fired.')
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'profile-alert-email')
  await page.reload()
  await expect(card.getByRole('radio', { name: /^Daily digest/ })).toBeChecked()

  // By keyboard: the arrow key moves to Off and saves it.
  await card.getByRole('radio', { name: /^Daily digest/ }).focus()
  await page.keyboard.press('ArrowRight')
  await expectToastShown(page, 'No alert e-mails: your alerts show in the app only.')
  expect((await (await page.request.get('/api/auth/user')).json()).alertEmail).toBe('off')
  expect(errors).toEqual([])
})

test('on a server that sends no e-mail, the profile says alerts show in the app only', async ({ page }) => {
  // The catalogue server runs without SMTP_URL (playwright.config.ts).
  const errors = collectErrors(page)
  const email = await signUpViaApi(page, CATALOGUE_URL, { label: 'no-mail' })
  await page.goto(`${CATALOGUE_URL}/profile`)
  const card = page.getByRole('region', { name: 'E-mail notifications' })
  await expect(card).toContainText(
    'This server does not send e-mail: when a price alert fires, we tell you in the app only.',
  )
  await expect(card).not.toContainText(email)
  await expect(card.getByRole('radio')).toHaveCount(0)
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'profile-alert-email-off')
  expect(errors).toEqual([])
})
