import { DEMO_PASSWORD, expect, signIn, test, visit } from './support.ts'

// The end-to-end server is the embedded default, so it runs in demo mode (docs/decisions/033-demo-mode.md).

const banner = (page: import('@playwright/test').Page) => page.getByRole('note').filter({ hasText: 'Demo: payments are simulated' })

test('every page says it is a demo, and its link opens the outbox', async ({ page }) => {
	for (const url of ['/login', '/register', '/password-reset', '/no-such-page']) {
		await visit(page, url)
		await expect(banner(page)).toHaveText('Demo: payments are simulated, mail stays here')
	}
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	await expect(banner(page)).toBeVisible()
	for (const url of ['/wallet', '/fund-wallet', '/mycover']) {
		await visit(page, url)
		await expect(banner(page)).toBeVisible()
	}
	await banner(page).getByRole('link', { name: 'mail stays here' }).click()
	await expect(page).toHaveURL('/dev/outbox')
	await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible()
	await expect(banner(page)).toBeVisible()
})
