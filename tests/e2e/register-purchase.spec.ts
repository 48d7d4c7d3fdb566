import type { Page } from '@playwright/test'
import {
	DEMO_PASSWORD,
	expect,
	expectAccessible,
	latestCode,
	postStatus,
	scrollSettled,
	sendSignIn,
	test,
	uniqueEmail,
	visit,
} from './support.ts'
import { PDF, PNG } from './upload-files.ts'

// A new visitor buys cover through /register/{product_id}: the quote, an account, the email's code,
// KYC, then payment, without losing what they typed (docs/decisions/017-register-and-buy.md).

const PASSWORD = 'Buyer-pass-2026'

async function expectStep(page: Page, announced: string) {
	const step = page.getByRole('list', { name: 'Progress' }).getByRole('listitem').filter({ hasText: announced })
	await expect(step).toHaveAttribute('aria-current', 'step')
}

const quote = (page: Page) => page.getByRole('status').filter({ hasText: 'Your quote' })

/** A ₦450,000 phone for a year: 6% of its value, ₦27,000. */
async function priceAPhone(page: Page) {
	await page.getByLabel('Kind of device').selectOption({ label: 'Phone' })
	await page.getByLabel('Value of the device').fill('450000')
	await page.getByLabel('Cover period').selectOption({ label: 'Annual' })
	expect(await postStatus(page, () => page.getByRole('button', { name: 'Get a price' }).click())).toBe(200)
	await expect(quote(page).getByRole('definition').last()).toHaveText('₦27,000')
}

/** The kept quote as create-account and payment show it. */
const keptQuote = (page: Page) => page.getByRole('region', { name: /Your quote/ })

test('a new visitor prices gadget cover, signs up, verifies, completes KYC, pays on the gateway, activates it and gets the certificate', async ({
	page,
	js,
}) => {
	const email = uniqueEmail('gadget-buyer')
	await visit(page, '/register/5')
	await expect(page).toHaveURL('/register/5/buy-plan')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gadget Cover')
	await expectStep(page, 'Step 1 of 5: Your cover')
	await expectAccessible(page, js)
	await priceAPhone(page)
	await expect(page.getByLabel('Value of the device')).toHaveValue('₦450,000')
	await expect(page.getByLabel('Kind of device')).toHaveValue('phone')
	await expectAccessible(page, js)
	await page.getByRole('button', { name: 'Continue' }).click()

	await expect(page).toHaveURL('/register/5/create-account')
	await expectStep(page, 'Step 2 of 5: Your account')
	const kept = keptQuote(page)
	await expect(kept).toContainText('Gadget Cover')
	await expect(kept.getByRole('definition')).toHaveText(['Phone', '₦450,000', 'Annual', '₦27,000'])
	await expectAccessible(page, js)
	await page.getByLabel('First name').fill('Amaka')
	await page.getByLabel('Last name').fill('Okafor')
	await page.getByLabel('Email address').fill(email)
	await page.getByLabel('Phone number').fill('08031234567')
	await page.getByLabel('Password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Create account' }).click()

	await expect(page).toHaveURL('/verify-account?return_url=%2Fregister%2F5%2Fpayment')
	await expect(page.getByText(`Account created. We sent a 6-digit code to ${email}.`)).toBeVisible()
	await expectStep(page, 'Step 3 of 5: Verify email')
	await page.getByLabel('Verification code').fill(await latestCode(page, email))
	await page.getByRole('button', { name: 'Verify email' }).click()

	await expect(page).toHaveURL('/update/kyc?return_url=%2Fregister%2F5%2Fpayment')
	await expectStep(page, 'Step 4 of 5: Your details')
	await page.getByLabel('Sector').selectOption('Education')
	await page.getByLabel('State', { exact: true }).selectOption('Lagos')
	await page.getByLabel('Local government area').selectOption('Ikeja')
	await page.getByLabel('Address').fill('12 Allen Avenue')
	await expect(page.getByLabel('Phone number')).toHaveValue('08031234567')
	await page.getByRole('button', { name: 'Save and continue' }).click()

	await expect(page).toHaveURL('/register/5/payment')
	await expect(page.getByText('Your details are saved.')).toBeVisible()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay for your cover')
	await expectStep(page, 'Step 5 of 5: Payment')
	await expect(keptQuote(page).getByRole('definition').last()).toHaveText('₦27,000')
	await expect(page.getByText('The price has changed')).toHaveCount(0)
	// A new account's wallet is empty: the gateway it is.
	await expect(page.getByRole('radio', { name: /^Wallet/ })).toBeDisabled()
	await expect(page.getByText('Balance ₦0: not enough for this cover.')).toBeVisible()
	await expect(page.getByRole('radio', { name: /^Card or bank transfer/ })).toBeChecked()
	await expectAccessible(page, js)
	await page.getByRole('button', { name: 'Buy for ₦27,000' }).click()

	await expect(page).toHaveURL(/\/api\/v1\/sandbox\/checkout\/[0-9a-z_]+$/)
	await expect(page.getByText('₦27,000')).toBeVisible()
	await page.getByRole('button', { name: 'Pay with test card' }).click()
	await expect(page).toHaveURL(/\/purchase\/callback\?(.+&)?reference=buy_[0-9a-f]+$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment received')
	await expect(page.getByRole('status')).toHaveText(/^You paid ₦27,000\./)
	await page.getByRole('link', { name: 'Activate your cover' }).click()

	await expect(page).toHaveURL(/\/mycover\/[0-9a-f-]{36}\/activate$/)
	await page.getByLabel('Brand and model').fill('Samsung Galaxy A54')
	await page.getByLabel('IMEI or serial number').fill('356938035643809')
	await page.getByLabel('Receipt').setInputFiles(PDF)
	await page.getByLabel('Photo of the device').setInputFiles(PNG)
	await page.getByLabel('Proof of ownership').setInputFiles(PDF)
	await page.getByRole('button', { name: 'Activate' }).click()

	await expect(page).toHaveURL(/\/mycover\/[0-9a-f-]{36}$/)
	await expect(page.getByText(/^Policy CP-GDGT-\d{4}-\d{6} is active\.$/)).toBeVisible()
	await expect(page.getByText('Samsung Galaxy A54')).toBeVisible()
	const href = await page.getByRole('link', { name: 'Download certificate' }).getAttribute('href')
	expect(href).toMatch(/^\/mycover\/[0-9a-f-]{36}\/certificate$/)
	const certificate = await page.request.get(href!)
	expect(certificate.status()).toBe(200)
	expect(certificate.headers()['content-type']).toBe('application/pdf')
	expect((await certificate.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-')

	// Bought: the kept quote is gone, and a customer buys from the product page from now on.
	await visit(page, '/register/5')
	await expect(page).toHaveURL('/products/5')
})

test('what the visitor typed survives a failed quote, a failed sign-up and a reload', async ({ page, js }) => {
	await visit(page, '/register/5/buy-plan')
	// No cover period: the API's message beside it, the other values kept.
	await page.getByLabel('Kind of device').selectOption({ label: 'Phone' })
	await page.getByLabel('Value of the device').fill('450000')
	expect(await postStatus(page, () => page.getByRole('button', { name: 'Get a price' }).click())).toBe(400)
	await expect(page.getByLabel('Cover period')).toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByLabel('Kind of device')).toHaveValue('phone')
	await expect(page.getByLabel('Value of the device')).toHaveValue('₦450,000')
	await expect(quote(page)).toHaveCount(0)
	await expectAccessible(page, js)
	await page.getByLabel('Cover period').selectOption({ label: 'Annual' })
	await page.getByRole('button', { name: 'Get a price' }).click()
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(page).toHaveURL('/register/5/create-account')
	await scrollSettled(page)

	// A business without its name, a bad email, a weak password: every message at once, values kept.
	await page.getByRole('radio', { name: 'A business' }).check()
	await page.getByLabel('First name').fill('Emeka')
	await page.getByLabel('Last name').fill('Eze')
	await page.getByLabel('Email address').fill('emeka-at-example')
	await page.getByLabel('Phone number').fill('08031234567')
	await page.getByLabel('Password').fill('short')
	expect(await postStatus(page, () => page.getByRole('button', { name: 'Create account' }).click())).toBe(400)
	await expect(page.getByLabel('Business name')).toHaveAccessibleDescription(/Enter the name of your business\./)
	await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByRole('radio', { name: 'A business' })).toBeChecked()
	await expect(page.getByLabel('First name')).toHaveValue('Emeka')
	await expect(page.getByLabel('Last name')).toHaveValue('Eze')
	await expect(page.getByLabel('Email address')).toHaveValue('emeka-at-example')
	await expect(page.getByLabel('Phone number')).toHaveValue('08031234567')
	await expect(keptQuote(page).getByRole('definition').last()).toHaveText('₦27,000')
	await expectAccessible(page, js)

	// An address with an account already: the message beside it, and a way to sign in and pay.
	await page.getByRole('radio', { name: 'Myself and my family' }).check()
	await page.getByLabel('Email address').fill('individual@example.com')
	await page.getByLabel('Password').fill(PASSWORD)
	expect(await postStatus(page, () => page.getByRole('button', { name: 'Create account' }).click())).toBe(409)
	await expect(page.getByLabel('Email address')).toHaveAccessibleDescription(/An account with this email already exists\./)
	await expect(page.getByLabel('Email address')).toHaveValue('individual@example.com')
	await expect(page.getByLabel('First name')).toHaveValue('Emeka')

	// The page opened again still has the quote (it is in its cookie, not in the page).
	await visit(page, '/register/5/create-account')
	await expect(keptQuote(page).getByRole('definition')).toHaveText(['Phone', '₦450,000', 'Annual', '₦27,000'])
	// So has the quote form, when the visitor goes back to change it.
	await page.getByRole('link', { name: 'Change your quote' }).click()
	await expect(page).toHaveURL('/register/5/buy-plan')
	await expect(page.getByLabel('Value of the device')).toHaveValue('₦450,000')
	await expect(page.getByLabel('Cover period')).toHaveValue('annual')
	await expect(quote(page).getByRole('definition').last()).toHaveText('₦27,000')
	await page.getByRole('button', { name: 'Continue' }).click()

	// An existing customer signs in from here and lands on the payment of the same quote.
	await expect(page).toHaveURL('/register/5/create-account')
	await scrollSettled(page)
	await page.getByRole('link', { name: 'Sign in', exact: true }).click()
	await expect(page).toHaveURL('/login?return_url=%2Fregister%2F5%2Fpayment')
	await sendSignIn(page, 'individual@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/register/5/payment')
	await expect(keptQuote(page).getByRole('definition').last()).toHaveText('₦27,000')
	await expect(page.getByRole('button', { name: 'Buy for ₦27,000' })).toBeVisible()
	// Signed in, /register/5 is the payment of the kept quote, and create-account is not for them.
	await visit(page, '/register/5')
	await expect(page).toHaveURL('/register/5/payment')
	await visit(page, '/register/5/create-account')
	await expect(page).toHaveURL('/register/5/payment')
})

test('payment needs a session and a quote; an unknown product is a 404', async ({ page }) => {
	await visit(page, '/register/5/payment')
	await expect(page).toHaveURL('/login?return_url=%2Fregister%2F5%2Fpayment')
	await visit(page, '/register/5/create-account')
	await expect(page).toHaveURL('/register/5/buy-plan')
	await expect(page.getByText('Get a price for your cover first.')).toBeVisible()
	const response = await visit(page, '/register/999/buy-plan')
	expect(response?.status()).toBe(404)
	expect((await page.request.get('/register/abc')).status()).toBe(404)
})
