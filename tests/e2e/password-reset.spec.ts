import type { Page } from '@playwright/test'
import { expect, expectAccessible, latestCode, mailsTo, postStatus, registerThroughUi, test, uniqueEmail, visit } from './support.ts'

const OLD_PASSWORD = 'Old-pass-2026'
const NEW_PASSWORD = 'New-pass-2027'
const NEUTRAL = 'If an account uses that email, we have sent it a 6-digit code.'

async function askForCode(page: Page, email: string) {
	await visit(page, '/password-reset')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password')
	await page.getByLabel('Email address').fill(email)
	await page.getByRole('button', { name: 'Send code' }).click()
	await expect(page).toHaveURL(`/password-reset?step=code&email=${encodeURIComponent(email)}`)
}

async function signInHere(page: Page, email: string, password: string) {
	await page.getByLabel('Email address').fill(email)
	await page.getByLabel('Password').fill(password)
	await page.getByRole('button', { name: 'Sign in' }).click()
}

test('a user resets a forgotten password with a mailed code, and only the new password works', async ({ page, js }) => {
	const email = uniqueEmail('reset')
	await registerThroughUi(page, { kind: 'individual', firstName: 'Femi', email, password: OLD_PASSWORD })
	await page.getByRole('button', { name: 'Sign out' }).click()
	await expect(page).toHaveURL('/login')

	await askForCode(page, email)
	await expect(page.getByText(NEUTRAL)).toBeVisible()
	await expect(page.getByRole('main')).toContainText(`If an account uses ${email}, its code is on the way.`)
	const [mail] = await mailsTo(page, email)
	expect(mail?.subject).toBe('Your password reset code')
	await expectAccessible(page, js)
	await page.getByLabel('Code').fill(await latestCode(page, email))
	await page.getByRole('button', { name: 'Continue' }).click()

	await expect(page).toHaveURL('/password-reset?step=password')
	await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
	await page.getByLabel('New password again').fill('New-pass-2028')
	const submit = () => page.getByRole('button', { name: 'Set new password' }).click()
	// Forms are checked on the server with and without JavaScript (decision 006).
	expect(await postStatus(page, submit)).toBe(400)
	await expect(page.getByLabel('New password again')).toHaveAccessibleDescription('The two passwords are not the same.')
	await expect(page).toHaveURL('/password-reset?step=password')
	await expectAccessible(page, js)

	await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
	await page.getByLabel('New password again').fill(NEW_PASSWORD)
	await submit()
	await expect(page).toHaveURL('/login')
	await expect(page.getByText('Your password has been changed. Sign in with the new one.')).toBeVisible()
	await expectAccessible(page, js)

	await signInHere(page, email, OLD_PASSWORD)
	await expect(page.getByText('Incorrect email or password.')).toBeVisible()
	await expect(page).toHaveURL('/login')

	await signInHere(page, email, NEW_PASSWORD)
	// Signed in: the account has not done KYC yet, so that is where it goes.
	await expect(page).toHaveURL('/update/kyc')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your details')
})

test('an unknown email gets the same answer as a known one, and no mail', async ({ page, js }) => {
	const unknown = uniqueEmail('nobody')
	await askForCode(page, 'individual@example.com')
	await expect(page.getByText(NEUTRAL)).toBeVisible()
	const known = (await page.getByRole('main').innerText()).replace('individual@example.com', '<email>')

	await askForCode(page, unknown)
	await expect(page.getByText(NEUTRAL)).toBeVisible()
	expect((await page.getByRole('main').innerText()).replace(unknown, '<email>')).toBe(known)
	await expect(page.getByLabel('Code')).toBeVisible()
	expect(await mailsTo(page, unknown)).toEqual([])
	await expectAccessible(page, js)
})
