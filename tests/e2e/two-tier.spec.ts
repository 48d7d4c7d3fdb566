import { DEMO_PASSWORD, expect, signIn, test, uniqueEmail } from './support.ts'

const apiUrl = () => `http://localhost:${Number(process.env.E2E_PORT ?? 3210) + 1}`

test('the portal works against the API in another process', async ({ page, request }) => {
	// This portal does not serve the API itself: with API_BASE_URL set it only calls it.
	expect((await request.get('/api/v1/openapi.json')).status()).toBe(404)
	expect((await request.get(`${apiUrl()}/api/v1/openapi.json`)).status()).toBe(200)

	await signIn(page, 'individual@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Tunde')
	await page.getByRole('button', { name: 'Sign out' }).click()
	await expect(page).toHaveURL('/login')

	// An account made through this portal exists in the API process: its code is in that outbox.
	const email = uniqueEmail('two-tier')
	await page.goto('/register?type=individual')
	await page.getByLabel('First name').fill('Kemi')
	await page.getByLabel('Last name').fill('Adeyemi')
	await page.getByLabel('Email address').fill(email)
	await page.getByLabel('Phone number').fill('08051234567')
	await page.getByLabel('Password').fill('Two-tier-2026')
	await page.getByRole('button', { name: 'Create account' }).click()
	await expect(page).toHaveURL('/verify-account?from=register')
	const outbox = await request.get(`${apiUrl()}/api/v1/dev/outbox?to=${encodeURIComponent(email)}`)
	expect((await outbox.json()).data[0].subject).toBe('Your verification code')
})
