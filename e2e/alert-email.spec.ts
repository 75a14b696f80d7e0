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
  await choices.getByRole('radio', { name: /^At most hourly/ }).click()
  await expectToastShown(
    page,
    'You will get at most one e-mail an hour: alerts that fire in between come together in the next.',
  )
  expect((await (await page.request.get('/api/auth/user')).json()).alertEmail).toBe('hourly')

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

  // A test e-mail, through this server's mail server (e2e/smtp-sink.ts); one a minute.
  const sendTest = card.getByRole('button', { name: 'Send a test e-mail' })
  await sendTest.click()
  await expectToastShown(
    page,
    'Test e-mail sent',
    `Sent to ${email}. Not in your inbox? Look in your spam folder.`,
  )
  await sendTest.click()
  await expectToastShown(
    page,
    'Test e-mail not sent',
    'A test e-mail went out less than a minute ago: look in your inbox, or try again soon.',
  )
  // The browser logs the 429 it was answered; nothing else went wrong.
  expect(errors.filter((error) => !/status of 429/.test(error))).toEqual([])
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
  await expect(card.getByRole('button')).toHaveCount(0)
  await expectNoHorizontalOverflow(page)
  await saveScreenshot(page, 'profile-alert-email-off')
  expect(errors).toEqual([])
})
