import { DEMO_PASSWORD, expect, expectAccessible, signIn, test } from './support.ts'

test('the demo business signs in, lands on home with Welcome Back, and signs out', async ({ page, js }) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	await expect(page.getByText('Welcome Back')).toBeVisible()
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Adaeze')
	await expectAccessible(page, js)
	await page.getByRole('button', { name: 'Sign out' }).click()
	await expect(page).toHaveURL('/login')
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
