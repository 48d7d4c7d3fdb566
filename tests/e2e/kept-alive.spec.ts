import { DEMO_PASSWORD, expect, signIn, test } from './support.ts'

// The spec's kept-alive screen (/manage-custodian/{purchase_id}/activate) is being built elsewhere: the
// mechanism is generic (a route's `handle = { keepAlive: true }`) and proved here on /withdraw.
test.use({ viewport: { width: 1280, height: 420 } })

test('a kept-alive screen keeps what was typed and its scroll position; the others load fresh', async ({ page, js }) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' }).click()
	const toWallet = () => page.getByRole('link', { name: 'Back to Wallet' }).click()
	await page.getByRole('link', { name: 'Withdraw' }).click()
	await expect(page).toHaveURL('/withdraw')
	await page.getByLabel('Bank').selectOption({ index: 2 })
	const bank = await page.getByLabel('Bank').inputValue()
	await page.getByLabel('Account number').fill('0123456789')
	await page.mouse.wheel(0, 300)
	await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(50)
	const y = await page.evaluate(() => window.scrollY)

	// Leave from where the user is (a click on the back link would first scroll up to it), as a link in
	// the phone menu does, and come back at once, as a quick tap does: within the 100 ms in which the
	// wallet's own scroll to the top is still to come, which must not move the screen come back to. Without
	// JavaScript, by the links.
	const navigate = (to: string) =>
		page.evaluate(
			(to) => (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => void } }).__reactRouterDataRouter.navigate(to),
			to,
		)
	if (js) await navigate('/wallet')
	else await toWallet()
	await expect(page).toHaveURL('/wallet')
	if (js) await navigate('/withdraw')
	else await page.getByRole('link', { name: 'Withdraw' }).click()
	await expect(page).toHaveURL('/withdraw')
	if (js) {
		await expect(page.getByLabel('Account number')).toHaveValue('0123456789')
		await expect(page.getByLabel('Bank')).toHaveValue(bank)
		await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y)
	} else {
		// Keeping a screen alive needs JavaScript: without it every visit is a fresh page.
		await expect(page.getByLabel('Account number')).toHaveValue('')
	}

	// /fund-wallet is not kept alive: it loads fresh.
	await toWallet()
	await page.getByRole('link', { name: 'Fund wallet' }).click()
	await page.getByLabel('Amount').fill('25000')
	await toWallet()
	await page.getByRole('link', { name: 'Fund wallet' }).click()
	await expect(page).toHaveURL('/fund-wallet')
	await expect(page.getByLabel('Amount')).toHaveValue('')
})
