import { DEMO_PASSWORD, expect, expectAccessible, signIn, test } from './support.ts'

test('the demo business signs in, lands on home with Welcome Back, and signs out', async ({ page, js }) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	await expect(page.getByText('Welcome Back')).toBeVisible()
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Adaeze')
	await expectAccessible(page, js)

	// Spec section 9: strict same-site, path /, Secure, HttpOnly, 24 hours.
	const session = (await page.context().cookies()).find((c) => c.name === '__session')
	expect(session).toMatchObject({ sameSite: 'Strict', path: '/', secure: true, httpOnly: true })
	const hoursLeft = (session!.expires * 1000 - Date.now()) / 3_600_000
	expect(hoursLeft).toBeGreaterThan(23.9)
	expect(hoursLeft).toBeLessThanOrEqual(24)

	await page.getByRole('button', { name: 'Sign out' }).click()
	await expect(page).toHaveURL('/login')
	expect((await page.context().cookies()).map((c) => c.name)).not.toContain('__session')
	await page.goto('/')
	await expect(page).toHaveURL(/\/login\?return_url=%2F$/)
})

test('a wrong password shows the message and keeps the email', async ({ page, js }) => {
	await signIn(page, 'individual@example.com', 'not-the-password-1')
	await expect(page.getByText('Incorrect email or password.')).toBeVisible()
	await expect(page.getByLabel('Email address')).toHaveValue('individual@example.com')
	// Without JavaScript the page comes back from the server, which never echoes a password.
	if (!js) await expect(page.getByLabel('Password')).toHaveValue('')
	await expectAccessible(page, js)
})
