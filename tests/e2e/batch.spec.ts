import type { Page } from '@playwright/test'
import { expect, expectAccessible, postStatus, signIn, test, visit } from './support.ts'
import { businessThroughApi } from './wallet-support.ts'

// Batch upload (docs/decisions/016-batch-upload.md): a business uploads its staff list, checks it,
// buys the staff plan, and activates it with the staff sheet of dates of birth.

const HEADER = 'first_name,last_name,email,phone,gender,date_of_birth'

/** A CSV of n staff; `broken` rows get an email that is not one. */
function staffList(n: number, broken: number[] = []) {
	const rows = Array.from({ length: n }, (_, i) => {
		const email = broken.includes(i + 1) ? `staff${i + 1}-at-example` : `staff${i + 1}@ayo-foods.ng`
		return `Staff${i + 1},Adeyemi,${email},0803${String(2_000_000 + i)},${i % 2 ? 'male' : 'female'},${i < 3 ? `1991-0${i + 1}-12` : ''}`
	})
	return { name: 'staff.csv', mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...rows].join('\r\n')) }
}

/** A file the page's session downloads from a link, and its response. */
async function fromLink(page: Page, name: string) {
	const href = await page.getByRole('link', { name }).getAttribute('href')
	const response = await page.request.get(href!)
	expect(response.status()).toBe(200)
	return response
}

async function upload(page: Page, file: ReturnType<typeof staffList>, period: string) {
	await page.getByLabel('Cover period').selectOption({ label: period })
	await page.getByLabel('Staff list', { exact: true }).setInputFiles(file)
	await page.getByRole('button', { name: 'Check the list' }).click()
	await expect(page).toHaveURL(/\/products\/32\/batch\?batch=[0-9a-f-]{36}$/)
}

test('a business uploads 20 staff, buys the staff health plan, and activates it with the staff sheet', async ({ page, request, js }) => {
	const owner = await businessThroughApi(page, request, 'Funke')
	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')

	await visit(page, '/products/32/batch')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buy ZenCare for your staff')
	await expectAccessible(page, js)
	const template = await fromLink(page, 'Download the template (CSV)')
	expect(template.headers()['content-type']).toBe('text/csv; charset=utf-8')
	expect((await template.text()).split('\r\n')[0]).toBe(HEADER)

	// A file that is no staff list is refused beside the file input; the period chosen is kept.
	await page.getByLabel('Cover period').selectOption({ label: 'Quarterly' })
	await page
		.getByLabel('Staff list', { exact: true })
		.setInputFiles({ name: 'staff.csv', mimeType: 'text/csv', buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) })
	expect(await postStatus(page, () => page.getByRole('button', { name: 'Check the list' }).click())).toBe(400)
	await expect(page.getByLabel('Staff list', { exact: true })).toHaveAccessibleDescription('Upload the list as a CSV or XLSX file.')
	await expect(page.getByLabel('Cover period')).toHaveValue('quarterly')
	await expectAccessible(page, js)

	// A bad row: its error is listed and shown beside it, and nothing can be bought.
	await upload(page, staffList(20, [5]), 'Quarterly')
	const problems = page.getByRole('region', { name: /1 problem in 1 of 20 rows/ })
	await expect(problems).toBeVisible()
	const toRow = problems.getByRole('link', { name: 'Row 6 (Staff5 Adeyemi)' })
	await expect(toRow).toHaveAttribute('href', '#row-6')
	await expect(problems).toContainText('Enter an email address like name@example.com.')
	await expect(page.locator('#row-6')).toContainText('Enter an email address like name@example.com.')
	await expect(page.getByText('Fix the rows and upload the file again.')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Buy the staff plan' })).toHaveCount(0)
	await expectAccessible(page, js)
	const none = await request.get('/api/v1/policies', { headers: owner.headers })
	expect((await none.json()).data).toMatchObject({ items: [], total: 0 })

	// The corrected file: 20 staff ready, the price for a year of ZenCare (₦7,500 a person a month).
	await expect(page.getByRole('heading', { name: 'Upload the corrected file' })).toBeVisible()
	await upload(page, staffList(20), 'Annual')
	await expect(page.getByRole('heading', { name: 'ZenCare for 20 staff' })).toBeVisible()
	const table = page.getByRole('table', { name: 'Staff in staff.csv' })
	await expect(table.getByRole('row')).toHaveCount(21)
	await expect(table.getByRole('row').nth(1)).toContainText('Staff1 Adeyemi')
	await expect(page.getByRole('region', { name: 'ZenCare for 20 staff' })).toContainText('₦1,800,000')
	await expectAccessible(page, js)
	expect(await postStatus(page, () => page.getByRole('button', { name: 'Buy the staff plan' }).click())).toBeLessThan(400)
	await expect(page).toHaveURL(/\/mycover\/[0-9a-f-]{36}$/)
	const planUrl = new URL(page.url()).pathname
	await expect(page.getByText(/Your staff plan CP-HLTH-\d{4}-\d{6} for 20 staff is set up/)).toBeVisible()
	await expect(page.getByText('Pending activation')).toBeVisible()

	// The activation form: the staff sheet, downloaded, completed and uploaded back.
	await page.getByRole('link', { name: 'Confirm your staff' }).click()
	await expect(page).toHaveURL(`${planUrl}/activate-staff`)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Activate ZenCare for your staff')
	await expectAccessible(page, js)
	const sheet = (await (await fromLink(page, 'Download the staff sheet')).text()).trimEnd().split('\r\n')
	expect(sheet[0]).toBe('first_name,last_name,email,date_of_birth')
	expect(sheet).toHaveLength(21)
	expect(sheet).toContain('Staff1,Adeyemi,staff1@ayo-foods.ng,1991-01-12')

	// As downloaded, the dates not known yet are each a row's problem.
	await page
		.getByLabel('Completed staff sheet')
		.setInputFiles({ name: 'sheet.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet.join('\r\n')) })
	expect(await postStatus(page, () => page.getByRole('button', { name: 'Upload and activate' }).click())).toBe(400)
	const fixes = page.getByRole('region', { name: 'Fix these in the sheet' })
	await expect(fixes.getByRole('listitem')).toHaveCount(17)
	await expect(fixes).toContainText('Enter the date of birth.')
	await expectAccessible(page, js)

	const filled = sheet.map((line, i) => (i === 0 || !line.endsWith(',') ? line : `${line}1988-07-0${(i % 9) + 1}`))
	await page
		.getByLabel('Completed staff sheet')
		.setInputFiles({ name: 'sheet.csv', mimeType: 'text/csv', buffer: Buffer.from(filled.join('\r\n')) })
	await page.getByRole('button', { name: 'Upload and activate' }).click()
	await expect(page).toHaveURL(planUrl)
	await expect(page.getByText(/Staff plan CP-HLTH-\d{4}-\d{6} is active\./)).toBeVisible()
	await expect(page.getByText('Pending activation')).toHaveCount(0)
	await expect(page.getByText('Active', { exact: true })).toBeVisible()

	const certificate = await fromLink(page, 'Download certificate')
	expect(certificate.headers()['content-type']).toBe('application/pdf')
	expect((await certificate.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-')
})
