import { expect, mailsTo, test, uniqueEmail, visit } from './support.ts'

// The sign-up and password-reset forms carry remix-utils' honeypot: a filled one is a bot's post.

test('a sign-up with the hidden field filled is refused with a generic message, and no account is made', async ({ page }) => {
	await visit(page, '/register?type=individual')
	const honeypot = page.locator('input[name="name__confirm"]')
	await expect(honeypot).toHaveValue('')
	await expect(honeypot).toBeHidden()
	const email = uniqueEmail('bot')
	const form = { account_type: 'individual', first_name: 'Bot', last_name: 'Ng', email, phone: '08031234567', password: 'Kola-nut-7421' }
	const refused = await page.request.post('/register?type=individual', {
		form: { ...form, name__confirm: 'http://spam.example' },
		maxRedirects: 0,
	})
	expect(refused.status()).toBe(400)
	expect(await refused.text()).toContain('We could not accept this form. Reload the page and try again.')
	const signIn = await page.request.post('/api/v1/auth/sign-in', { data: { email, password: form.password } })
	expect(signIn.status()).toBe(400)
	// The same post with the field left empty, as a person's browser sends it, creates the account.
	const accepted = await page.request.post('/register?type=individual', { form: { ...form, name__confirm: '' }, maxRedirects: 0 })
	expect(accepted.status()).toBe(302)
})

test('a password reset with the hidden field filled sends no code', async ({ page }) => {
	await visit(page, '/password-reset')
	await expect(page.locator('input[name="name__confirm"]')).toBeHidden()
	const refused = await page.request.post('/password-reset', {
		form: { intent: 'request', email: 'business@example.com', name__confirm: 'x' },
		maxRedirects: 0,
	})
	expect(refused.status()).toBe(400)
	expect(await refused.text()).toContain('We could not accept this form. Reload the page and try again.')
	const email = uniqueEmail('nobody')
	expect(await mailsTo(page, email)).toEqual([])
})
