import type { Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, signIn, test, visit } from './support.ts'

const draftOf = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('account_draft') ?? 'null'))

test('sign-up keeps what was typed as account_draft, restores it on return, forgets it after an hour', async ({ page, js }) => {
	await visit(page, '/register?type=business')
	await page.getByLabel('Business name').fill('Okafor Foods Ltd')
	await page.getByLabel('First name').fill('Chika')
	await page.getByLabel('Password').fill('Secret-pass-2026')
	if (!js) {
		// Without JavaScript the server keeps what was typed when a step fails, and nothing is stored here.
		await page.getByRole('button', { name: 'Create account' }).click()
		await expect(page.getByLabel('Business name')).toHaveValue('Okafor Foods Ltd')
		await expect(page.getByLabel('First name')).toHaveValue('Chika')
		expect(await draftOf(page)).toBeNull()
		return
	}
	// Saved 700 ms after typing stops (plus the 100 ms write).
	await expect.poll(() => draftOf(page)).not.toBeNull()
	const draft = await draftOf(page)
	expect(draft.register.business_name).toBe('Okafor Foods Ltd')
	expect(draft.register.first_name).toBe('Chika')
	expect(JSON.stringify(draft)).not.toContain('Secret-pass-2026')
	expect(Date.now() - Date.parse(draft.lastSavedAt)).toBeLessThan(60_000)

	// Back in the same browser later: restored, the password excepted.
	await visit(page, '/login')
	await visit(page, '/register?type=business')
	await expect(page.getByLabel('Business name')).toHaveValue('Okafor Foods Ltd')
	await expect(page.getByLabel('First name')).toHaveValue('Chika')
	await expect(page.getByLabel('Password')).toHaveValue('')

	// A draft saved more than an hour ago is discarded at start.
	await page.evaluate(() => {
		const old = JSON.parse(localStorage.getItem('account_draft') ?? '{}')
		old.lastSavedAt = new Date(Date.now() - 61 * 60 * 1000).toISOString()
		localStorage.setItem('account_draft', JSON.stringify(old))
	})
	await visit(page, '/register?type=business')
	await expect(page.getByLabel('Business name')).toHaveValue('')
	await expect(page.getByLabel('First name')).toHaveValue('')
	expect(await draftOf(page)).toBeNull()
})

test('signing out clears the account draft', async ({ page, js }) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	if (js) {
		await page.evaluate(() =>
			localStorage.setItem('account_draft', JSON.stringify({ lastSavedAt: new Date().toISOString(), business_profile: { name: 'X' } })),
		)
	}
	await page.getByRole('button', { name: 'Sign out' }).click()
	await expect(page).toHaveURL('/login')
	if (js) expect(await draftOf(page)).toBeNull()
})
