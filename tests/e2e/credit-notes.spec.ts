import { DEMO_PASSWORD, expect, expectAccessible, mailsTo, signIn, test, visit, operatorPage } from './support.ts'

// Credit notes from the insurer's desk (docs/decisions/096-credit-notes-from-the-desk.md): an operator
// finds one of the demo business's paid invoices, is told what is wrong with a bad amount, issues a
// credit note; the business sees it on its invoice and in its list, paid into its wallet, and is mailed.

const BUSINESS = 'Okafor Logistics Ltd'

test('the desk issues a credit note on a paid invoice; the business sees it and the money in its wallet', async ({
	page,
	browser,
	baseURL,
	js,
}) => {
	// The business's newest paid invoice: each run credits a little of it, so retries and both projects fit.
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	await visit(page, '/invoice?status=paid')
	const table = page.getByRole('table', { name: /^Invoices, newest month first/ })
	const link = table.getByRole('link', { name: /^Invoice INV-\d{6}$/ }).first()
	const number = ((await link.textContent()) ?? '').replace('Invoice ', '')
	const invoiceUrl = (await link.getAttribute('href'))!
	expect(number).toMatch(/^INV-\d{6}$/)

	const desk = await operatorPage(browser, baseURL!, js)
	await desk.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Invoices' }).click()
	await expect(desk).toHaveURL('/ops/invoices')
	await expect(desk.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible()
	await desk.getByLabel('Number').fill(number)
	await desk.getByRole('button', { name: 'Search' }).click()
	await expect(desk).toHaveURL(`/ops/invoices?q=${number}`)
	const row = desk.getByRole('row').filter({ hasText: BUSINESS })
	await expect(row).toHaveCount(1)
	await row.getByRole('link', { name: `Invoice ${number}` }).click()
	await expect(desk).toHaveURL(invoiceUrl.replace('/invoice/', '/ops/invoices/'))
	await expect(desk.getByRole('heading', { name: new RegExp(`^Invoice ${number}`), level: 1 })).toBeVisible()
	await expectAccessible(desk, js)

	// A bad amount is refused beside its field; more than was paid is refused with what may be credited.
	await desk.getByLabel('Amount in Naira').fill('0')
	await desk.getByLabel('Reason').fill('Member billed after leaving')
	await desk.getByRole('button', { name: 'Issue a credit note' }).click()
	await expect(desk.getByText('The amount must be at least ₦1.')).toBeVisible()
	await desk.getByLabel('Amount in Naira').fill('999999999')
	await desk.getByRole('button', { name: 'Issue a credit note' }).click()
	await expect(desk.getByText('The amount is too large.')).toBeVisible()
	await desk.getByLabel('Amount in Naira').fill('99999999')
	await desk.getByRole('button', { name: 'Issue a credit note' }).click()
	await expect(desk.getByRole('alert').filter({ hasText: /A credit note can return at most ₦[\d,]+ on INV-/ })).toBeVisible()

	const reason = `Member billed after leaving ${crypto.randomUUID().slice(0, 6)}`
	await desk.getByLabel('Amount in Naira').fill('150')
	await desk.getByLabel('Reason').fill(reason)
	await desk.getByRole('button', { name: 'Issue a credit note' }).click()
	const toast = desk.getByText(/^Credit note CN-\d{6} issued: ₦150 paid into the business’s wallet\.$/)
	await expect(toast).toBeVisible()
	const note = (await toast.textContent())!.match(/CN-\d{6}/)![0]
	await expect(desk.getByRole('region', { name: 'Credit notes' }).getByRole('link', { name: note })).toBeVisible()
	await desk.context().close()

	// The business: the invoice lists its credit note, which says what it credits and that the wallet got it.
	await visit(page, invoiceUrl)
	const notes = page.getByRole('region', { name: 'Credit notes' })
	await expect(notes.getByRole('link', { name: note })).toBeVisible()
	await notes.getByRole('link', { name: note }).click()
	await expect(page.getByRole('heading', { name: `Credit note ${note}`, level: 1 })).toBeVisible()
	await expect(page.getByRole('link', { name: number })).toBeVisible()
	await expect(page.getByText(reason)).toBeVisible()
	await expect(page.getByText(/^Into the wallet on/)).toBeVisible()
	await expectAccessible(page, js)
	await visit(page, '/invoice?status=paid')
	await expect(page.getByRole('link', { name: `Credit note ${note}` })).toBeVisible()

	// The plan's buyer is mailed once the money has moved.
	const mailed = async () => (await mailsTo(page, 'business@example.com')).find((m) => m.subject.startsWith(`Credit note ${note}:`))
	await expect.poll(async () => (await mailed())?.subject, { timeout: 15_000 }).toBe(`Credit note ${note}: ₦150 back in your wallet`)
	expect((await mailed())?.text.replace(/\s+/g, ' ')).toContain('₦150 is now in your wallet')
})
