import { readFile } from 'node:fs/promises'
import { DEMO_PASSWORD, expect, expectAccessible, signIn, test, visit } from './support.ts'
import { businessThroughApi, fundThroughApi } from './wallet-support.ts'

const lagosDay = (offsetDays = 0) =>
	new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' })

const CSV_HEADER = 'date,reference,type,status,stage,amount,fee,description'

test('the history filters by type, status and dates, pages through, and exports the same rows as CSV', async ({ page, request, js }) => {
	const owner = await businessThroughApi(page, request)
	// 3 paid fundings, 1 declined, 18 waiting for payment, and a withdrawal waiting for its code: 23.
	const paid = []
	for (const amount of [1_000, 2_000, 3_000]) paid.push(await fundThroughApi(request, owner, amount, 'approve'))
	await fundThroughApi(request, owner, 4_000, 'decline')
	for (let i = 0; i < 18; i++) await fundThroughApi(request, owner, 500 + i)
	const withdrawal = await request.post('/api/v1/wallet/withdraw', {
		headers: owner.headers,
		data: { amount: 1_500, bank_code: '058', account_number: '0123456780', idempotency_key: `e2e-${crypto.randomUUID()}` },
	})
	expect(withdrawal.status()).toBe(201)

	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transactions' }).click()
	await expect(page).toHaveURL('/transaction-history')
	const table = page.getByRole('table', { name: /^Wallet transactions/ })
	const rows = table.getByRole('row')
	await expect(page.getByText('23 transactions')).toBeVisible()
	await expect(rows).toHaveCount(21)
	await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Description', 'Type', 'Status', 'Amount', 'Receipt'])
	await expect(rows.nth(1).getByRole('cell')).toHaveText([
		/\d{4}, \d\d:\d\d$/,
		'Withdrawal to CHINEDU OBI, Guaranty Trust Bank 0123456780',
		'Withdrawal',
		'Waiting for the code',
		'−₦1,500Fee ₦10',
		/^Receipt/,
	])
	await expectAccessible(page, js)

	const pages = page.getByRole('navigation', { name: 'Pages of the transactions' })
	await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
	await pages.getByRole('link', { name: 'Next' }).click()
	await expect(page).toHaveURL('/transaction-history?page=2')
	await expect(rows).toHaveCount(4)
	await expect(rows.nth(3).getByRole('cell').nth(4)).toHaveText('+₦1,000')

	await page.getByLabel('Type').selectOption({ label: 'Wallet funding' })
	await page.getByLabel('Status').selectOption({ label: 'Pending' })
	await page.getByRole('button', { name: 'Filter' }).click()
	await expect(page).toHaveURL('/transaction-history?type=funding&status=pending&from=&to=')
	await expect(page.getByText('18 transactions')).toBeVisible()
	await expect(rows).toHaveCount(19)
	await expect(pages).toHaveCount(0)
	await expect(page.getByLabel('Type')).toHaveValue('funding')

	await page.getByLabel('Status').selectOption({ label: 'Successful' })
	await page.getByLabel('From').fill(lagosDay())
	await page.getByLabel('To').fill(lagosDay())
	await page.getByRole('button', { name: 'Filter' }).click()
	await expect(page.getByText('3 transactions')).toBeVisible()
	await expect(rows.locator('td:nth-child(5)')).toHaveText(['+₦3,000', '+₦2,000', '+₦1,000'])
	await expectAccessible(page, js)

	// The export carries the same filters and the same rows.
	const exportLink = page.getByRole('link', { name: 'Export CSV' })
	const href = await exportLink.getAttribute('href')
	expect(href).toBe(`/transaction-history.csv?type=funding&status=success&from=${lagosDay()}&to=${lagosDay()}`)
	let csv: string
	if (js) {
		const download = page.waitForEvent('download')
		await exportLink.click()
		const file = await download
		expect(file.suggestedFilename()).toBe(`transactions-${lagosDay()}.csv`)
		csv = await readFile((await file.path())!, 'utf8')
	} else {
		const response = await page.request.get(href!)
		expect(response.status()).toBe(200)
		expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8')
		expect(response.headers()['content-disposition']).toBe(`attachment; filename="transactions-${lagosDay()}.csv"`)
		csv = await response.text()
	}
	const lines = csv.trimEnd().split('\r\n')
	expect(lines[0]).toBe(CSV_HEADER)
	expect(lines.slice(1).map((l) => l.split(',').slice(1, 7))).toEqual(
		[paid[2], paid[1], paid[0]].map((reference, i) => [reference, 'funding', 'success', 'success', String(3_000 - i * 1_000), '0']),
	)

	await visit(page, `/transaction-history?from=${lagosDay(1)}`)
	await expect(page.getByText('No transactions match these filters.')).toBeVisible()
	// A page past the last, as an old link may ask: a line, and the first page with the same filters.
	await visit(page, '/transaction-history?type=funding&page=9')
	await expect(page.getByText('There are no transactions on this page.')).toBeVisible()
	await page.getByRole('link', { name: 'Go to the first page' }).click()
	await expect(page).toHaveURL('/transaction-history?type=funding')
	await expect(page.getByText('22 transactions')).toBeVisible()
	const reversed = await visit(page, `/transaction-history?from=${lagosDay(1)}&to=${lagosDay()}`)
	expect(reversed?.status()).toBe(400)
	await expect(page.getByLabel('From')).toHaveAccessibleDescription('The start date must come before the end date.')
	await expect(page.getByLabel('From')).toHaveValue(lagosDay(1))
	await expectAccessible(page, js)
	expect((await page.request.get('/transaction-history?status=lost')).status()).toBe(400)
	expect((await page.request.get(`/transaction-history.csv?from=${lagosDay(1)}&to=${lagosDay()}`)).status()).toBe(400)
})

test('a receipt shows its ledger entries, and another business’s transaction is not found', async ({ page, request, js }) => {
	const owner = await businessThroughApi(page, request)
	await fundThroughApi(request, owner, 7_500, 'approve')
	const other = await businessThroughApi(page, request, 'Tunde')
	const theirs = await fundThroughApi(request, other, 9_000)
	const theirId = (
		(await (await request.get('/api/v1/transactions', { headers: other.headers })).json()).data.items as Array<{
			id: string
			reference: string
		}>
	).find((t) => t.reference === theirs)!.id

	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')
	await visit(page, '/transaction-history')
	await page.getByRole('link', { name: /^Receipt for fund_/ }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Receipt')
	await expect(page.getByRole('main')).toContainText('Successful')
	await expect(page.getByRole('main')).toContainText('₦7,500')
	const entries = page.getByRole('table', { name: 'Ledger entries of this transaction' })
	await expect(entries).toBeHidden()
	// Closed, the part says it opens: a chevron, which turns once it is open (the stylesheet hides the
	// browser's own triangle).
	const summary = page.locator('summary', { hasText: 'Ledger entries' })
	const chevron = summary.locator('svg.lucide-chevron-down')
	await expect(chevron).toBeVisible()
	await expect(chevron).toHaveCSS('rotate', 'none')
	await summary.click()
	await expect(entries.getByRole('columnheader')).toHaveText(['Entry', 'Account', 'Debit', 'Credit'])
	await expect(chevron).toHaveCSS('rotate', '180deg')
	await expect(entries.getByRole('row')).toHaveCount(3)
	await expectAccessible(page, js)

	const missing = await visit(page, `/transaction-history/${theirId}`)
	expect(missing?.status()).toBe(404)
	await expect(page.getByText('We could not find that transaction.')).toBeVisible()
	await expectAccessible(page, js)
	expect((await page.request.get('/transaction-history/not-an-id')).status()).toBe(404)
})

test('a purchase from the wallet is a line going out, and its receipt names the policy', async ({ page, request, js }) => {
	const owner = await businessThroughApi(page, request)
	await fundThroughApi(request, owner, 20_000, 'approve')
	const bought = await request.post('/api/v1/purchases', {
		headers: owner.headers,
		data: { product_id: 1, vehicle_class: 'private_car', payment_option: 'wallet', idempotency_key: `e2e-${crypto.randomUUID()}` },
	})
	expect(bought.status()).toBe(201)
	const policyNumber = (await bought.json()).data.policy.policy_number as string

	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')
	await visit(page, '/transaction-history')
	const rows = page.getByRole('table', { name: /^Wallet transactions/ }).getByRole('row')
	await expect(rows).toHaveCount(3)
	await expect(rows.nth(1).getByRole('cell')).toHaveText([
		/\d{4}, \d\d:\d\d$/,
		'Third Party Motor, paid from the wallet',
		'Cover purchase',
		'Paid',
		'−₦15,000',
		/^Receipt/,
	])
	await rows
		.nth(1)
		.getByRole('link', { name: /^Receipt for purchase_/ })
		.click()
	await expect(page.getByRole('heading', { level: 2, name: 'Cover purchase' })).toBeVisible()
	await expect(page.getByRole('link', { name: policyNumber })).toBeVisible()
	await expect(page.getByRole('definition').nth(1)).toHaveText('Your wallet')
	await expect(page.getByRole('definition').nth(2)).toHaveText(`Premium for policy ${policyNumber}`)
	await page.locator('summary', { hasText: 'Ledger entries' }).click()
	await expect(page.getByRole('table', { name: 'Ledger entries of this transaction' }).getByRole('row')).toHaveCount(3)
	await expectAccessible(page, js)
})

// Decision 097: money that moves for an invoice is a line too. The demo business's invoices are paid by
// card; each is an invoice payment with a link to its invoice (the invoices spec may add one paid from
// the wallet meanwhile, which is a line of the same type).
test("the demo business's history shows its invoice payments, each linking to its invoice", async ({ page, js }) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transactions' }).click()
	await expect(page).toHaveURL('/transaction-history')
	await page.getByLabel('Type').selectOption({ label: 'Invoice payment' })
	await page.getByRole('button', { name: 'Filter' }).click()
	await expect(page).toHaveURL('/transaction-history?type=invoice_payment&status=&from=&to=')
	const rows = page.getByRole('table', { name: /^Wallet transactions/ }).getByRole('row')
	const paidByCard = rows.filter({ hasText: /Invoice INV-\d{6} paid by card/ })
	await expect(paidByCard.first()).toBeVisible()
	const first = paidByCard.first()
	await expect(first.getByRole('cell').nth(2)).toHaveText('Invoice payment')
	await expect(first.getByRole('cell').nth(3)).toHaveText('Paid')
	await expect(first.getByRole('cell').nth(4)).toHaveText(/^−₦[\d,]+$/)
	await expectAccessible(page, js)
	const number = (await first.getByRole('cell').nth(1).textContent())!.match(/INV-\d{6}/)![0]
	const invoiceLink = first.getByRole('link', { name: /^View the invoice for / })
	const invoiceHref = await invoiceLink.getAttribute('href')
	expect(invoiceHref).toMatch(/^\/invoice\/[0-9a-f-]{36}$/)
	await invoiceLink.click()
	await expect(page).toHaveURL(invoiceHref!)
	await expect(page.getByRole('heading', { level: 1 })).toContainText(number)

	// Its receipt names the type and links to the same invoice.
	await page.goBack()
	await expect(page).toHaveURL('/transaction-history?type=invoice_payment&status=&from=&to=')
	await paidByCard
		.first()
		.getByRole('link', { name: /^Receipt for / })
		.click()
	await expect(page.getByRole('heading', { level: 2, name: 'Invoice payment' })).toBeVisible()
	await expect(page.getByRole('main')).toContainText(number)
	await expect(page.getByRole('link', { name: 'View the invoice' })).toHaveAttribute('href', invoiceHref!)
	await expectAccessible(page, js)
})
