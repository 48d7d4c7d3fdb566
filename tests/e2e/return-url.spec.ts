import { DEMO_PASSWORD, expect, expectAccessible, sendSignIn, signIn, test, visit } from './support.ts'

test('a signed-out visit to /update/kyc goes to sign in, keeps the query, and comes back after', async ({ page, js }) => {
	await visit(page, '/update/kyc?utm_source=facebook')
	await expect(page).toHaveURL(/\/login\?/)
	const url = new URL(page.url())
	expect(url.pathname).toBe('/login')
	expect(url.searchParams.get('utm_source')).toBe('facebook')
	expect(url.searchParams.get('return_url')).toBe('/update/kyc')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in')
	await expectAccessible(page, js)

	// The form on this page, not signIn(), which would open a fresh /login without the return_url.
	await sendSignIn(page, 'individual@example.com', DEMO_PASSWORD)

	await expect(page).toHaveURL('/update/kyc')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your details')
	// The demo accounts have done KYC: the form shows what they saved.
	await expect(page.getByLabel('Address')).toHaveValue('12 Allen Avenue')
	await expectAccessible(page, js)
})

test('a signed-in user who opens /login or /register is sent home', async ({ page, js }) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	await visit(page, '/login')
	await expect(page).toHaveURL('/')
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Adaeze')
	await expectAccessible(page, js)
	await visit(page, '/register?type=business')
	await expect(page).toHaveURL('/')
})

test('sign-in with a return_url the browser would read as another site stays on the site', async ({ page, baseURL }) => {
	await visit(page, '/login?return_url=/%09/evil.example')
	await sendSignIn(page, 'individual@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin)
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Tunde')
})
