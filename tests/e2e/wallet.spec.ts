import { expect, expectAccessible, latestCode, postStatus, signIn, test, visit } from './support.ts'
import { apiBalance, businessThroughApi, fundThroughApi, memberThroughApi, shownBalance } from './wallet-support.ts'

test('funding ₦25,000 through the sandbox credits the wallet once, with or without the session', async ({ page, request, browser, js }) => {
	const owner = await businessThroughApi(page, request)
	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' }).click()
	await expect(page).toHaveURL('/wallet')
	await expect(shownBalance(page)).toHaveText('₦0')
	await expect(page.getByText('No saved cards. A card is saved when you fund your wallet with it.')).toBeVisible()
	await expectAccessible(page, js)

	await page.getByRole('link', { name: 'Fund wallet' }).click()
	await expect(page).toHaveURL('/fund-wallet')
	await expectAccessible(page, js)
	await page.getByLabel('Amount').fill('25000')
	if (js) await expect(page.getByLabel('Amount')).toHaveValue('₦25,000')
	await page.getByRole('button', { name: 'Continue to payment' }).click()
	await expect(page).toHaveURL(/\/api\/v1\/sandbox\/checkout\/fund_[0-9a-f]{24}$/)
	await expect(page.getByText('₦25,000')).toBeVisible()
	await page.getByRole('button', { name: 'Pay with test card' }).click()

	await expect(page).toHaveURL(/\/fund-wallet\/callback\?trxref=fund_[0-9a-f]{24}&reference=fund_[0-9a-f]{24}$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment received')
	await expect(page.getByRole('status')).toHaveText('Your wallet was funded with ₦25,000.')
	await expectAccessible(page, js)
	const callback = page.url()
	// The gateway may send the payer back more than once, and its webhook arrives too: one credit.
	await page.reload()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment received')
	await page.reload()
	await expect(page.getByRole('status')).toHaveText('Your wallet was funded with ₦25,000.')

	// A browser that returns without the session cookie still gets its answer, then signs in.
	const stranger = await browser.newContext({ javaScriptEnabled: js })
	const elsewhere = await stranger.newPage()
	await elsewhere.goto(callback)
	await expect(elsewhere.getByRole('status')).toHaveText('Your wallet was funded with ₦25,000.')
	await elsewhere.getByRole('link', { name: 'Go to your wallet' }).click()
	await expect(elsewhere).toHaveURL(/\/login\?return_url=%2Fwallet$/)
	await elsewhere.getByLabel('Email address').fill(owner.email)
	await elsewhere.getByLabel('Password').fill(owner.password)
	await elsewhere.getByRole('button', { name: 'Sign in' }).click()
	await expect(elsewhere).toHaveURL('/wallet')
	await expect(shownBalance(elsewhere)).toHaveText('₦25,000')
	await stranger.close()

	await page.getByRole('link', { name: 'Go to your wallet' }).click()
	await expect(page).toHaveURL('/wallet')
	await expect(shownBalance(page)).toHaveText('₦25,000')
	await expect(page.getByText(/^Visa ending 4081/)).toBeVisible()
	expect(await apiBalance(request, owner)).toBe(25_000)

	await page.getByRole('link', { name: 'See all transactions' }).click()
	await expect(page).toHaveURL('/transaction-history')
	const rows = page.getByRole('table', { name: /^Wallet transactions/ }).getByRole('row')
	await expect(rows).toHaveCount(2)
	await expect(rows.nth(1).getByRole('cell')).toHaveText([
		/\d{4}, \d\d:\d\d$/,
		'Wallet funding',
		'Wallet funding',
		'Successful',
		'+₦25,000',
		/^Receipt/,
	])
	await rows
		.nth(1)
		.getByRole('link', { name: /^Receipt/ })
		.click()
	await expect(page).toHaveURL(/\/transaction-history\/[0-9a-f-]{36}$/)
	await expect(page.getByRole('definition').filter({ hasText: /^fund_/ })).toHaveText(callback.split('reference=')[1]!)
	// A receipt reads as one: what, from whom, to whom, how much; the ledger only when asked for.
	await expect(page.getByRole('term')).toHaveText(['For', 'From', 'To', 'Amount', 'Reference', 'Date', 'Status'])
	await expect(page.getByRole('definition').nth(1)).toHaveText('Your card or bank, through the payment gateway')
	await expect(page.getByRole('definition').nth(2)).toHaveText('Your wallet')
	await expect(page.getByRole('definition').nth(3)).toHaveText('₦25,000')
	const ledger = page.getByRole('table', { name: 'Ledger entries of this transaction' })
	await expect(ledger).toBeHidden()
	await page.locator('summary', { hasText: 'Ledger entries' }).click()
	const entries = ledger.getByRole('row')
	await expect(entries).toHaveCount(3)
	await expect(entries.nth(1).getByRole('cell')).toHaveText(['Wallet funded with ₦25,000', 'Your wallet', '', '₦25,000'])
	await expect(entries.nth(2).getByRole('cell')).toHaveText(['Wallet funded with ₦25,000', 'Payment gateway', '₦25,000', ''])
	await expectAccessible(page, js)
})

test('opened at 127.0.0.1 rather than localhost, funding comes back to 127.0.0.1, still signed in', async ({
	page,
	request,
	baseURL,
	js,
}) => {
	const owner = await businessThroughApi(page, request)
	const origin = new URL(baseURL!).origin.replace('localhost', '127.0.0.1')
	await visit(page, `${origin}/login`)
	await page.getByLabel('Email address').fill(owner.email)
	await page.getByLabel('Password').fill(owner.password)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page).toHaveURL(`${origin}/`)
	await visit(page, `${origin}/fund-wallet`)
	await page.getByLabel('Amount').fill('4000')
	await page.getByRole('button', { name: 'Continue to payment' }).click()
	await expect(page).toHaveURL(/\/api\/v1\/sandbox\/checkout\/fund_[0-9a-f]{24}$/)
	await page.getByRole('button', { name: 'Pay with test card' }).click()

	await expect(page).toHaveURL(new RegExp(`^${origin.replace(/\./g, '\\.')}/fund-wallet/callback\\?`))
	await expect(page.getByRole('status')).toHaveText('Your wallet was funded with ₦4,000.')
	await expectAccessible(page, js)
	// The session cookie of 127.0.0.1 came back with the payer: the wallet opens without signing in again.
	await page.getByRole('link', { name: 'Go to your wallet' }).click()
	await expect(page).toHaveURL(`${origin}/wallet`)
	await expect(shownBalance(page)).toHaveText('₦4,000')
})

test('a declined card leaves the balance as it was', async ({ page, request, js }) => {
	const owner = await businessThroughApi(page, request)
	await fundThroughApi(request, owner, 3_000, 'approve')
	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')
	await visit(page, '/fund-wallet')
	await expect(page.getByText('Balance now: ₦3,000')).toBeVisible()
	await page.getByLabel('Amount').fill('10000')
	await page.getByRole('button', { name: 'Continue to payment' }).click()
	await page.getByRole('button', { name: 'Decline' }).click()
	await expect(page).toHaveURL(/\/fund-wallet\/callback\?/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment declined')
	await expect(page.getByRole('status')).toHaveText('The payment of ₦10,000 did not go through. Nothing was added to your wallet.')
	await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/fund-wallet')
	await expectAccessible(page, js)
	await page.getByRole('link', { name: 'Go to your wallet' }).click()
	await expect(shownBalance(page)).toHaveText('₦3,000')
	const declined = page.getByRole('region', { name: 'Recent transactions' }).getByRole('listitem').first()
	await expect(declined).toContainText('Failed')
	// A declined card brought no money in: its amount carries no plus.
	await expect(declined).toContainText('₦10,000')
	await expect(declined).not.toContainText('+₦10,000')
	await visit(page, '/transaction-history')
	const latest = page
		.getByRole('table', { name: /^Wallet transactions/ })
		.getByRole('row')
		.nth(1)
	await expect(latest.getByRole('cell').nth(3)).toHaveText('Failed')
	await expect(latest.getByRole('cell').nth(4)).toHaveText('₦10,000')

	const unknown = await page.goto('/fund-wallet/callback?reference=fund_000000000000000000000000')
	expect(unknown?.status()).toBe(404)
	await expect(page.getByText('We could not find that payment.')).toBeVisible()
	await expectAccessible(page, js)
})

test('amounts the API refuses are shown beside the field and start no payment', async ({ page, request, js }) => {
	const owner = await businessThroughApi(page, request)
	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')
	await visit(page, '/fund-wallet')
	const amount = page.getByLabel('Amount')
	const submit = () => page.getByRole('button', { name: 'Continue to payment' }).click()

	await amount.fill('50')
	expect(await postStatus(page, submit)).toBe(400)
	await expect(amount).toHaveAccessibleDescription('Enter an amount of at least ₦100.')
	// The Naira input's rule, as typed with JavaScript, or when the server draws the form again without it.
	await expect(amount).toHaveValue('₦50')
	await expectAccessible(page, js)

	await amount.fill('abc')
	expect(await postStatus(page, submit)).toBe(400)
	await expect(amount).toHaveAccessibleDescription('Enter an amount in Naira, like ₦25,000.')
	await expect(amount).toHaveValue('')

	await amount.fill('6000000')
	expect(await postStatus(page, submit)).toBe(400)
	await expect(amount).toHaveAccessibleDescription('You can fund at most ₦5,000,000 at a time.')
	await expect(page).toHaveURL('/fund-wallet')

	const history = await request.get('/api/v1/transactions', { headers: owner.headers })
	expect((await history.json()).data.total).toBe(0)

	// The page's key makes a double submit one payment: both posts go to the same checkout.
	const key = await page.locator('input[name="idempotency_key"]').inputValue()
	const post = () => page.request.post('/fund-wallet', { form: { amount: '₦2,000', idempotency_key: key }, maxRedirects: 0 })
	const [first, second] = [await post(), await post()]
	expect(first.status()).toBe(302)
	expect(second.headers().location).toBe(first.headers().location)
	const after = await request.get('/api/v1/transactions', { headers: owner.headers })
	expect((await after.json()).data.total).toBe(1)
})

test('a withdrawal with the mailed code leaves the wallet; one to a failing account is reversed', async ({ page, request, js }) => {
	const owner = await businessThroughApi(page, request)
	await fundThroughApi(request, owner, 25_000, 'approve')
	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')
	await visit(page, '/wallet')
	await page.getByRole('link', { name: 'Withdraw' }).click()
	await expect(page).toHaveURL('/withdraw')
	await expect(page.getByText('Your wallet has ₦25,000.')).toBeVisible()
	await expectAccessible(page, js)

	const bank = page.getByLabel('Bank')
	const number = page.getByLabel('Account number')
	const amount = page.getByLabel('Amount')
	const check = () => page.getByRole('button', { name: 'Check account' }).click()
	await bank.selectOption({ label: 'Guaranty Trust Bank' })
	await number.fill('0001234567')
	expect(await postStatus(page, check)).toBe(400)
	await expect(number).toHaveAccessibleDescription('We could not find that account at that bank. Check the number and the bank.')
	await number.fill('12345')
	expect(await postStatus(page, check)).toBe(400)
	await expect(number).toHaveAccessibleDescription('Enter the 10-digit account number.')
	await expect(number).toHaveValue('12345')
	await number.fill('0123456780')
	await amount.fill('5000')
	expect(await postStatus(page, check)).toBe(200)
	await expect(page.getByRole('status')).toHaveText('Account name: CHINEDU OBI (Guaranty Trust Bank 0123456780)')
	await expect(amount).toHaveValue('₦5,000')
	await expect(bank).toHaveValue('058')
	await expectAccessible(page, js)

	await amount.fill('30000')
	expect(await postStatus(page, () => page.getByRole('button', { name: 'Withdraw', exact: true }).click())).toBe(400)
	await expect(amount).toHaveAccessibleDescription('Your wallet has ₦25,000: not enough for ₦30,000 plus the ₦25 transfer fee.')
	await amount.fill('5000')
	await page.getByRole('button', { name: 'Withdraw', exact: true }).click()
	await expect(page).toHaveURL(/\/withdraw\?step=code&id=[0-9a-f-]{36}$/)
	await expect(page.getByText('We sent a code to your email. Enter it to confirm the withdrawal.')).toBeVisible()
	await expect(page.getByRole('region', { name: 'Your withdrawal' })).toContainText('₦5,010')
	await expectAccessible(page, js)
	const code = await latestCode(page, owner.email)
	await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000')
	expect(await postStatus(page, () => page.getByRole('button', { name: 'Confirm withdrawal' }).click())).toBe(400)
	await expect(page.getByLabel('Code')).toHaveAccessibleDescription('That code is not right.')
	await page.getByLabel('Code').fill(code)
	await page.getByRole('button', { name: 'Confirm withdrawal' }).click()
	await expect(page).toHaveURL('/wallet')
	await expect(
		page.getByText(
			'Confirmed. Withdrawal of ₦5,000 is with the bank. If the bank does not accept it, the money comes back to your wallet.',
		),
	).toBeVisible()
	await expect(shownBalance(page)).toHaveText('₦19,990')

	// Account numbers ending in 9 fail at the sandbox's bank: the payout is reversed, amount and fee.
	await visit(page, '/withdraw')
	await page.getByLabel('Bank').selectOption({ label: 'Access Bank' })
	await page.getByLabel('Account number').fill('0123456789')
	await page.getByLabel('Amount').fill('1000')
	await page.getByRole('button', { name: 'Withdraw', exact: true }).click()
	await expect(page).toHaveURL(/\/withdraw\?step=code/)
	await page.getByLabel('Code').fill(await latestCode(page, owner.email))
	await page.getByRole('button', { name: 'Confirm withdrawal' }).click()
	await expect(page).toHaveURL('/wallet')
	// Not yet known to fail, and never announced as sent: it is with the bank.
	await expect(page.getByText(/^Confirmed\. Withdrawal of ₦1,000 is with the bank\./)).toBeVisible()
	await expect(page.getByText(/on its way|is paid/)).toHaveCount(0)
	await expect(async () => {
		await page.reload()
		await expect(shownBalance(page)).toHaveText('₦19,990', { timeout: 1_000 })
	}).toPass()
	await expect(page.getByRole('region', { name: 'Recent transactions' }).getByRole('listitem').first()).toContainText('Reversed')

	await visit(page, '/transaction-history?type=withdrawal')
	const rows = page.getByRole('table', { name: /^Wallet transactions/ }).getByRole('row')
	await expect(rows).toHaveCount(3)
	await expect(rows.nth(1).getByRole('cell').nth(3)).toHaveText('Reversed')
	// The money came back: no minus; the fee is in the list beside the amount.
	await expect(rows.nth(1).getByRole('cell').nth(4)).toHaveText('₦1,000Fee ₦10')
	await expect(rows.nth(2).getByRole('cell').nth(1)).toHaveText('Withdrawal to CHINEDU OBI, Guaranty Trust Bank 0123456780')
	await expect(rows.nth(2).getByRole('cell').nth(3)).toHaveText('Paid')
	await expect(rows.nth(2).getByRole('cell').nth(4)).toHaveText('−₦5,000Fee ₦10')
	await rows
		.nth(1)
		.getByRole('link', { name: /^Receipt/ })
		.click()
	await expect(page.getByText('The beneficiary bank declined the transfer')).toBeVisible()
	await expect(page.getByRole('definition').nth(2)).toHaveText(/, Access Bank 0123456789$/)
	await page.locator('summary', { hasText: 'Ledger entries' }).click()
	const entries = page.getByRole('table', { name: 'Ledger entries of this transaction' }).getByRole('row')
	await expect(entries.filter({ hasText: /reversed/ }).filter({ hasText: 'Your wallet' })).toContainText('₦1,010')
	await expectAccessible(page, js)
})

test('a withdrawal above the threshold waits for a second member, who approves it', async ({ page, request, js }) => {
	const owner = await businessThroughApi(page, request)
	const finance = await memberThroughApi(page, request, owner, 'Finance')
	await fundThroughApi(request, owner, 1_500_000, 'approve')
	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')
	await visit(page, '/wallet')
	// From a million the balance is compact, every digit kept for screen readers and the tooltip.
	await expect(shownBalance(page)).toHaveText('₦1.5M₦1,500,000')
	await expect(shownBalance(page).locator('[title]')).toHaveAttribute('title', '₦1,500,000')

	await visit(page, '/withdraw')
	await page.getByLabel('Bank').selectOption({ label: 'Zenith Bank' })
	await page.getByLabel('Account number').fill('0123456781')
	await page.getByLabel('Amount').fill('1200000')
	await page.getByRole('button', { name: 'Withdraw', exact: true }).click()
	await expect(page.getByText(/it waits for a second approval/)).toBeVisible()
	await page.getByLabel('Code').fill(await latestCode(page, owner.email))
	await page.getByRole('button', { name: 'Confirm withdrawal' }).click()
	await expect(page).toHaveURL('/wallet')
	await expect(page.getByText(/is waiting for a second approval/)).toBeVisible()
	const pending = page.getByRole('region', { name: 'Pending withdrawals' })
	await expect(pending).toContainText('Waiting for a second approval')
	await expect(pending.getByRole('button', { name: /^Approve/ })).toHaveCount(0)
	await page.getByRole('button', { name: 'Sign out' }).click()
	// Signed out before the next sign-in: a visit to /login while the sign-out is still under way finds the
	// session alive and goes home, and the sign-in form never shows.
	await expect(page).toHaveURL('/login')

	await signIn(page, finance.email, finance.password)
	await expect(page).toHaveURL('/')
	await visit(page, '/wallet')
	await expect(pending).toContainText('Funke Ayo asked')
	await expectAccessible(page, js)
	await pending.getByRole('button', { name: /^Approve the withdrawal of ₦1,200,000/ }).click()
	await expect(page.getByText(/^Approved\. Withdrawal of ₦1,200,000 is with the bank\./)).toBeVisible()
	await expect(async () => {
		await page.reload()
		await expect(page.getByRole('region', { name: 'Pending withdrawals' })).toHaveCount(0, { timeout: 1_000 })
	}).toPass()
	await expect(shownBalance(page)).toHaveText('₦299,950')
})

test('a card saved by funding can be made the default and removed', async ({ page, request, js }) => {
	const owner = await businessThroughApi(page, request)
	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')
	await visit(page, '/manage-card')
	await expect(page.getByText('No saved cards yet.')).toBeVisible()
	await expectAccessible(page, js)

	await visit(page, '/fund-wallet')
	await page.getByLabel('Amount').fill('1000')
	await page.getByRole('button', { name: 'Continue to payment' }).click()
	await page.getByRole('button', { name: 'Pay with test card' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment received')
	// A second member pays with their own card: the business then has two.
	const member = await memberThroughApi(page, request, owner, 'Finance')
	await fundThroughApi(request, member, 1_000, 'approve')

	await visit(page, '/manage-card')
	const cards = page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem')
	await expect(cards).toHaveCount(2)
	await expect(cards.nth(0)).toContainText('Visa •••• ending 4081Default')
	await expect(cards.nth(0)).toContainText('Expires 12/30 · TEST BANK')
	await expect(cards.nth(1).getByRole('button', { name: 'Make default the Visa card ending 4081' })).toBeVisible()
	await expectAccessible(page, js)
	const before = (await (await request.get('/api/v1/cards', { headers: owner.headers })).json()).data as Array<{ id: string }>

	await cards
		.nth(1)
		.getByRole('button', { name: /^Make default/ })
		.click()
	await expect(page.getByText('Default card changed.')).toBeVisible()
	const after = (await (await request.get('/api/v1/cards', { headers: owner.headers })).json()).data as Array<{
		id: string
		is_default: boolean
	}>
	expect(after[0]).toMatchObject({ id: before[1]!.id, is_default: true })
	await expect(page.getByRole('button', { name: /^Make default/ })).toHaveCount(1)

	await cards
		.nth(0)
		.getByRole('button', { name: /^Remove/ })
		.click()
	await expect(page.getByText('Card removed.')).toBeVisible()
	await expect(cards).toHaveCount(1)
	await expect(cards.nth(0)).toContainText('Default')
	await cards
		.nth(0)
		.getByRole('button', { name: /^Remove/ })
		.click()
	await expect(page.getByText('No saved cards yet.')).toBeVisible()
	await expectAccessible(page, js)
})
