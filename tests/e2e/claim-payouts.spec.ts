import type { Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, expectAccessible, signIn, test, visit, operatorPage } from './support.ts'
import { PDF } from './upload-files.ts'

// A stolen-vehicle claim paid to the claimant's bank account (docs/decisions/108-claim-bank-payouts.md):
// the claimant checks the account and confirms the name the bank gives, the demo operator approves the
// payout above the threshold and a second operator pays it, each in their own browser, and the
// claimant sees it paid once the bank confirms.

const daysAgo = (n: number) => new Date(Date.now() + 3_600_000 - n * 86_400_000).toISOString().slice(0, 10)

const uploadIn = async (page: Page, label: string) => {
	const form = page.locator('form').filter({ has: page.getByLabel(label, { exact: true }) })
	await form.getByLabel(label, { exact: true }).setInputFiles(PDF)
	await form.getByRole('button', { name: /^(Upload|Replace)$/ }).click()
	const item = page.getByRole('listitem').filter({ has: page.getByLabel(label, { exact: true }) })
	await expect(item.getByText('(scan.pdf uploaded)')).toBeVisible()
}

test('a claim paid to a bank account: the claimant confirms the account, one operator approves, another pays', async ({
	page,
	browser,
	baseURL,
}) => {
	const js = test.info().project.use.javaScriptEnabled !== false
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await page.getByRole('link', { name: 'Claims', exact: true }).first().click()
	await page.getByRole('link', { name: 'Make a claim' }).first().click()
	await page
		.getByRole('listitem')
		.filter({ hasText: /^Comprehensive Motor/ })
		.filter({ hasText: 'Active' })
		.getByRole('link', { name: 'Claim on this policy' })
		.first()
		.click()
	await page.getByLabel('What happened', { exact: true }).selectOption('stolen_vehicle')
	await page.getByLabel('Date of the incident').fill(daysAgo(4))
	await page.getByLabel('Where it happened').fill('Adeola Odeku Street, Victoria Island')
	await page.getByLabel('What happened, in your words').fill('The car was taken from the street overnight.')
	await page.getByLabel('Amount you are claiming').fill('800000')
	await page.getByRole('button', { name: 'Start the claim' }).click()

	await expect(page.getByRole('heading', { name: /Documents for claim/ })).toBeVisible()
	const claimId = page.url().match(/make-claim\/([0-9a-f-]+)\//)![1]!
	await uploadIn(page, 'Police report')
	await uploadIn(page, 'Vehicle licence and proof of ownership')
	await uploadIn(page, 'Means of identification')
	await page.getByRole('button', { name: 'Submit the claim' }).click()
	await expect(page).toHaveURL(`/claims/details-${claimId}`)

	const first = await operatorPage(browser, baseURL!, js, 'operator@example.com')
	await visit(first, `/ops/claims/${claimId}`)
	await first.getByRole('button', { name: 'Approve' }).click()
	await expect(first.getByRole('heading', { level: 1 })).toContainText('Approved')
	await first.getByLabel('Assessed loss (₦)').fill('800000')
	await first.getByRole('button', { name: 'Send the offer' }).click()
	await expect(first.getByText('= ₦720,000')).toBeVisible()

	// The claimant checks an account: an unknown one is refused, a known one shows the bank's name to confirm.
	await visit(page, `/claims/details-${claimId}`)
	const where = page.getByRole('region', { name: 'Where we pay' })
	await expect(where.getByText('Now: Your wallet')).toBeVisible()
	await where.getByLabel('Bank').selectOption({ label: 'Guaranty Trust Bank' })
	await where.getByLabel('Account number').fill('0001234567')
	await where.getByRole('button', { name: 'Check the account' }).click()
	await expect(page.getByText('We could not find that account at that bank. Check the number and the bank.')).toBeVisible()
	await expect(page.getByLabel('Account number')).toHaveValue('0001234567')
	await page.getByLabel('Account number').fill('0123456780')
	await page.getByRole('button', { name: 'Check the account' }).click()
	await expect(page.getByText('The bank names this account CHINEDU OBI')).toBeVisible()
	await expectAccessible(page, js)
	await page.getByRole('button', { name: 'Yes, pay into this account' }).click()
	await expect(page.getByText('Now: Your bank account: CHINEDU OBI, Guaranty Trust Bank 0123456780')).toBeVisible()
	await page.getByRole('button', { name: 'Accept the offer' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Offer accepted')

	// Above ₦500,000: the first operator approves, and may not pay their own approval.
	await visit(first, `/ops/claims/${claimId}`)
	await expect(first.getByText('Paid to: CHINEDU OBI, Guaranty Trust Bank 0123456780 (bank transfer)')).toBeVisible()
	await expectAccessible(first, js)
	await first.getByRole('button', { name: 'Approve the payout' }).click()
	await expect(first.getByText('Payout approved by a second operator.')).toBeVisible()
	await first.getByRole('button', { name: "Pay to the customer's bank account" }).click()
	await expect(first.getByText('Another operator must pay a payout you approved.')).toBeVisible()
	await first.context().close()

	const second = await operatorPage(browser, baseURL!, js, 'payouts@example.com')
	await visit(second, `/ops/claims/${claimId}`)
	await second.getByRole('button', { name: "Pay to the customer's bank account" }).click()
	// The bank confirms by webhook a moment later.
	await expect(async () => {
		await visit(second, `/ops/claims/${claimId}`)
		await expect(second.getByRole('heading', { level: 1 })).toContainText('Paid out', { timeout: 1_000 })
	}).toPass({ timeout: 15_000 })
	await expect(second.getByText(/₦720,000 paid to CHINEDU OBI/)).toBeVisible()
	await second.context().close()

	await visit(page, `/claims/details-${claimId}`)
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Paid out')
	await expect(page.getByText('Paid into your bank account: CHINEDU OBI, Guaranty Trust Bank 0123456780.')).toBeVisible()
	await expect(page.getByRole('region', { name: 'Where we pay' })).toHaveCount(0)
	await expectAccessible(page, js)
})
