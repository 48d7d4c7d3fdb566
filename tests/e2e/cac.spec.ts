import type { Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, expectAccessible, postStatus, registerThroughUi, signIn, test, uniqueEmail } from './support.ts'

const PASSWORD = 'Fresh-pass-2026'
const TITLE = 'Verify your company with the CAC'

/** KYC of a limited company with this CAC number; the registry seeds RC7654321 as Eze Foods Ltd. */
async function kycAsLimitedCompany(page: Page, registrationNumber: string) {
	await page.getByRole('radio', { name: 'Limited liability company (RC)' }).check()
	await page.getByLabel('CAC registration number').fill(registrationNumber)
	await page.getByLabel('Sector').selectOption('Agriculture')
	await page.getByLabel('State', { exact: true }).selectOption('Lagos')
	await page.getByLabel('Local government area').selectOption('Ikeja')
	await page.getByLabel('Address').fill('9 Kudirat Abiola Way')
	await page.getByLabel('Phone number').fill('08031234567')
	await page.getByRole('button', { name: 'Save and continue' }).click()
}

test('after KYC the CAC dialog opens, finds the company, and verifying renames the business', async ({ page, js }) => {
	const email = uniqueEmail('cac')
	await registerThroughUi(page, { kind: 'business', firstName: 'Obinna', email, password: PASSWORD })
	await kycAsLimitedCompany(page, 'RC7654321')

	await expect(page).toHaveURL('/?dialog=cac')
	await expect(page.getByText('Your details are saved.')).toBeVisible()
	const dialog = page.getByRole('dialog', { name: TITLE })
	await expect(dialog).toBeVisible()
	await expect(dialog.getByRole('definition')).toHaveText(['Limited liability company (RC)', 'RC7654321'])
	await expectAccessible(page, js)

	await dialog.getByRole('button', { name: 'Look up my company' }).click()
	// The name comes from the registry on this step's load, never from the URL.
	await expect(page).toHaveURL('/?dialog=cac&step=confirm')
	await expect(dialog.getByText('We found Eze Foods Ltd. Is this your company?')).toBeVisible()
	await expect(dialog.getByRole('link', { name: 'No, change my number' })).toHaveAttribute('href', '/update/kyc')
	await expectAccessible(page, js)

	await dialog.getByRole('button', { name: 'Yes, verify' }).click()
	await expect(page).toHaveURL('/')
	await expect(page.getByText('Your company is verified with the CAC.')).toBeVisible()
	await expect(page.getByRole('dialog', { name: TITLE })).toHaveCount(0)
	const status = page.getByRole('region', { name: 'Account status' })
	await expect(status.getByRole('definition')).toHaveText(['Complete', 'Verified'])
	// The registry, not the user, names a verified business.
	await expect(page.getByRole('main').getByText('Eze Foods Ltd', { exact: true })).toBeVisible()
	await expect(page.getByRole('link', { name: TITLE })).toHaveCount(0)
	await expectAccessible(page, js)

	// Verified, the dialog no longer opens: the parameter is ignored.
	await page.goto('/?dialog=cac')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(/, Obinna$/)
	await expect(page.getByRole('dialog', { name: TITLE })).toHaveCount(0)
})

test('a number the CAC does not know is reported inside the dialog, which opens again from the todo and at sign-in', async ({
	page,
	js,
}) => {
	const email = uniqueEmail('cac-unknown')
	await registerThroughUi(page, { kind: 'business', firstName: 'Halima', email, password: PASSWORD })
	await kycAsLimitedCompany(page, 'RC9999999')
	await expect(page).toHaveURL('/?dialog=cac')

	const dialog = page.getByRole('dialog', { name: TITLE })
	const lookup = () => dialog.getByRole('button', { name: 'Look up my company' }).click()
	expect(await postStatus(page, lookup)).toBe(400)
	await expect(dialog.getByRole('alert')).toContainText(
		'We could not find a company with that registration number. Check it and try again.',
	)
	await expect(dialog.getByRole('link', { name: 'Check your registration number' })).toHaveAttribute('href', '/update/kyc')
	await expectAccessible(page, js)

	// Closed, home still shows the business as not verified and the todo opens the dialog again.
	await dialog.getByRole('link', { name: 'Close' }).click()
	await expect(page).toHaveURL('/')
	await expect(page.getByRole('dialog', { name: TITLE })).toHaveCount(0)
	await expect(page.getByRole('region', { name: 'Account status' }).getByRole('definition')).toHaveText(['Complete', 'Not verified'])
	await page.getByRole('link', { name: TITLE }).click()
	await expect(page).toHaveURL('/?dialog=cac')
	await expect(dialog).toBeVisible()

	// Signing in again, KYC done but not verified, opens the dialog too.
	await page.goto('/')
	await page.getByRole('button', { name: 'Sign out' }).click()
	await expect(page).toHaveURL('/login')
	await signIn(page, email, PASSWORD)
	await expect(page).toHaveURL('/?dialog=cac')
	await expect(page.getByText('Welcome Back')).toBeVisible()
	await expect(dialog).toBeVisible()
})

test('a verified business signs in to home without the dialog, and the parameter alone does not open it', async ({ page }) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	await page.goto('/?dialog=cac&step=confirm')
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Adaeze')
	await expect(page.getByRole('dialog', { name: TITLE })).toHaveCount(0)
})
