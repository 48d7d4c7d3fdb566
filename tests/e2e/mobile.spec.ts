import type { APIRequestContext, Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, expectAccessible, signIn, test, visit } from './support.ts'
import { businessThroughApi, fundThroughApi } from './wallet-support.ts'

// Issue 11, point 2: phones are first-class. At 360 px no page scrolls sideways, the navigation is a
// menu that opens without JavaScript on every signed-in layout, and tables become cards.

test.use({ viewport: { width: 360, height: 740 } })

async function expectNoSidewaysScroll(page: Page, url: string) {
	const response = await visit(page, url)
	expect(response?.status(), url).toBeLessThan(400)
	const { scrollWidth, innerWidth } = await page.evaluate(() => ({
		scrollWidth: document.documentElement.scrollWidth,
		innerWidth: window.innerWidth,
	}))
	expect(scrollWidth, `${url} is ${scrollWidth} px wide at ${innerWidth} px`).toBeLessThanOrEqual(innerWidth)
}

/** A business with a funded wallet and a policy bought from it, signed in: every list has a row. */
async function signInWithData(page: Page, request: APIRequestContext) {
	const owner = await businessThroughApi(page, request)
	await fundThroughApi(request, owner, 20_000, 'approve')
	const bought = await request.post('/api/v1/purchases', {
		headers: owner.headers,
		data: { product_id: 1, vehicle_class: 'private_car', payment_option: 'wallet', idempotency_key: `e2e-${crypto.randomUUID()}` },
	})
	expect(bought.status()).toBe(201)
	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')
}

/** The first link the page shows matching `href`, as a path. */
async function firstHref(page: Page, url: string, href: RegExp) {
	await visit(page, url)
	const links = await page.locator('main a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))
	const found = links.find((h) => href.test(h))
	expect(found, `a link matching ${href} on ${url}`).toBeTruthy()
	return found as string
}

/** Each staff address of the page as laid out, line by line, read letter by letter. */
async function addressLines(page: Page) {
	return page
		.getByRole('cell')
		.filter({ hasText: '@' })
		.evaluateAll((cells) =>
			cells.map((cell) => {
				const byTop = new Map<number, string>()
				const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT)
				for (let node = walker.nextNode(); node; node = walker.nextNode()) {
					const text = node.textContent ?? ''
					for (let i = 0; i < text.length; i++) {
						const range = document.createRange()
						range.setStart(node, i)
						range.setEnd(node, i + 1)
						const top = Math.round(range.getBoundingClientRect().top)
						byTop.set(top, (byTop.get(top) ?? '') + text[i])
					}
				}
				return [...byTop.entries()].sort((x, y) => x[0] - y[0]).map(([, line]) => line)
			}),
		)
}

/** An address wraps before its @, after a hyphen or before a dot of its domain: never mid-word. */
function expectWrappedWhereTheyMay(addresses: string[][]) {
	for (const address of addresses)
		for (let i = 1; i < address.length; i++) {
			const inDomain = address.slice(0, i).join('').includes('@')
			const line = address[i] ?? ''
			const allowed = line.startsWith('@') || address[i - 1]?.endsWith('-') || (inDomain && line.startsWith('.'))
			expect(allowed, address.join(' | ')).toBe(true)
		}
}

test('no page reachable from the dashboard scrolls sideways at 360 px', async ({ page, request }) => {
	// It walks every page of the dashboard: twice the time of one journey.
	test.setTimeout(test.info().timeout * 2)
	await signInWithData(page, request)
	const product = await firstHref(page, '/products', /^\/products\/[^/?]+$/)
	const plan = await firstHref(page, '/mycover', /^\/mycover\/[^/?]+$/)
	const receipt = await firstHref(page, '/transaction-history', /^\/transaction-history\/[^/?]+$/)
	const pages = [
		'/',
		'/products',
		product,
		'/mycover',
		plan,
		'/wallet',
		'/fund-wallet',
		'/withdraw',
		'/manage-card',
		'/transaction-history',
		receipt,
		'/invoice',
		'/claims',
		'/claims/make-claim',
		'/settings',
		'/settings?tab=security',
		'/settings?tab=business',
		'/settings?tab=team',
		'/settings?tab=activity',
		'/settings/edit',
		'/settings/roles',
		'/settings/roles/new',
		'/icons',
		'/dev/outbox',
	]
	for (const url of pages) await expectNoSidewaysScroll(page, url)
})

test('signed out, the public pages fit a phone too', async ({ page }) => {
	for (const url of ['/login', '/register', '/password-reset', '/verify', '/icons']) await expectNoSidewaysScroll(page, url)
})

test("at a tablet's 768 px the demo business's lists scroll within their panels, not the page", async ({ page }) => {
	// The tables are tables from 640 px, and a wide one scrolls in its panel: what a cell hides for screen
	// readers (positioned off screen) must scroll with it, as the staff register's "View" labels did not.
	await page.setViewportSize({ width: 768, height: 900 })
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	for (const url of ['/employees', '/mycover', '/claims', '/transaction-history', '/invoice']) await expectNoSidewaysScroll(page, url)

	// In a squeezed column an email address wraps only where it may, never mid-word.
	await visit(page, '/employees')
	const lines = await addressLines(page)
	expect(lines.length).toBeGreaterThan(5)
	expect(lines.filter((address) => address.length > 1).length, 'some addresses wrap at 768 px').toBeGreaterThan(0)
	expectWrappedWhereTheyMay(lines)
})

test('the menu opens on a phone, on the dashboard and on an inner page, and takes the user to an area', async ({ page }) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	const main = page.getByRole('navigation', { name: 'Main' })
	await expect(main).toBeHidden()
	await page.getByText('Menu', { exact: true }).click()
	await main.getByRole('link', { name: 'Wallet' }).click()
	await expect(page).toHaveURL('/wallet')
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

	await page.getByRole('link', { name: 'Fund wallet' }).first().click()
	await expect(page).toHaveURL(/\/fund-wallet/)
	await page.getByText('Menu', { exact: true }).click()
	await main.getByRole('link', { name: 'Transactions' }).click()
	await expect(page).toHaveURL('/transaction-history')
})

test('an inner page leads back to where the user came from, else to its area', async ({ page, request }) => {
	await signInWithData(page, request)
	await visit(page, '/transaction-history')
	await page
		.getByRole('link', { name: /^Receipt/ })
		.first()
		.click()
	await expect(page).toHaveURL(/\/transaction-history\/[^/]+$/)
	await expect(page.getByRole('banner').getByRole('link', { name: 'Back to Transactions' })).toHaveAttribute('href', '/transaction-history')

	await visit(page, '/wallet')
	await page.getByRole('link', { name: 'Withdraw' }).first().click()
	await expect(page).toHaveURL(/\/withdraw/)
	await expect(page.getByRole('banner').getByRole('link', { name: 'Back to Wallet' })).toHaveAttribute('href', '/wallet')

	// Opened directly, with no page before it: the parent area.
	await page.goto('about:blank')
	await visit(page, '/manage-card')
	await expect(page.getByRole('banner').getByRole('link', { name: 'Back to Wallet' })).toHaveAttribute('href', '/wallet')
})

test('on a phone the transactions are cards with every label, and the pages pass axe', async ({ page, request, js }) => {
	await signInWithData(page, request)
	await visit(page, '/transaction-history')
	const firstRow = page.getByRole('table').locator('tbody tr').first()
	const display = await firstRow.evaluate((tr) => getComputedStyle(tr).display)
	expect(display).toBe('block')
	const labels = await firstRow
		.locator('td[data-label]')
		.evaluateAll((tds) => tds.map((td) => getComputedStyle(td, '::before').content.replaceAll('"', '')))
	expect(labels).toEqual(['Date', 'Description', 'Type', 'Status', 'Amount'])
	// Each value starts on its label's line, in a column to the label's right: a card about as tall as its values.
	const placed = await firstRow.locator('td[data-label]').evaluateAll((tds) =>
		tds.map((td) => {
			const cell = td.getBoundingClientRect()
			const range = document.createRange()
			range.selectNodeContents(td)
			const first = range.getClientRects()[0]!
			return { top: Math.round(first.top - cell.top), left: Math.round(first.left - cell.left) }
		}),
	)
	for (const { top, left } of placed) {
		expect(top).toBeLessThan(12)
		expect(left).toBeGreaterThanOrEqual(6 * 16 - 1)
	}
	await expectAccessible(page, js)
	await visit(page, '/mycover')
	await expectAccessible(page, js)
	await visit(page, '/icons')
	await expectAccessible(page, js)
})

test("on a phone a staff member's card is headed by the name, leaves out the row's number, and an address wraps only where it may", async ({
	page,
}) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	await visit(page, '/employees')
	const rows = page.getByRole('table').locator('tbody tr')
	await expect(rows.first()).toBeVisible()
	// The number is the table's (Cell's tableOnly): a card is its own row.
	await expect(rows.first().locator('td[data-label="S/N"]')).toBeHidden()
	// The row's heading heads the card: the name, without its label, across the card.
	const title = rows.first().locator('th[data-label="Name"]')
	await expect(title).toBeVisible()
	expect(await title.evaluate((th) => [getComputedStyle(th, '::before').content, getComputedStyle(th).paddingInlineStart])).toEqual([
		'none',
		'0px',
	])
	// The name is the card's way in; the table's Details column is left off the card.
	const name = title.getByRole('link')
	await expect(name).toBeVisible()
	await expect(rows.first().locator('td[data-label="Details"]')).toBeHidden()
	const href = await name.getAttribute('href')
	expect(href).toMatch(/^\/employees\/[0-9a-f-]{36}$/)
	// A card's value column is narrow: the domain wraps at its dot, not mid-word.
	const lines = await addressLines(page)
	expect(lines.filter((address) => address.some((line) => line.startsWith('.'))).length, 'addresses wrap at a dot').toBeGreaterThan(0)
	expectWrappedWhereTheyMay(lines)
	const who = (await name.textContent())!.trim()
	await name.click()
	await expect(page).toHaveURL(href!)
	await expect(page.getByRole('heading', { level: 1 })).toContainText(who)
})

test.describe('at desktop size', () => {
	test.use({ viewport: { width: 1366, height: 800 } })

	test('the tables stay tables and the navigation stays in the header', async ({ page, request }) => {
		await signInWithData(page, request)
		await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
		await expect(page.getByText('Menu', { exact: true })).toBeHidden()
		await visit(page, '/transaction-history')
		await expect(page.getByRole('columnheader', { name: 'Description' })).toBeVisible()
		expect(
			await page
				.getByRole('table')
				.locator('tbody tr')
				.first()
				.evaluate((tr) => getComputedStyle(tr).display),
		).toBe('table-row')
		await expectNoSidewaysScroll(page, '/settings?tab=team')
	})

	test("the staff register's row names the member as text and links once, from its Details column", async ({ page }) => {
		await signIn(page, 'business@example.com', DEMO_PASSWORD)
		await expect(page).toHaveURL('/')
		await visit(page, '/employees')
		const row = page.getByRole('table').locator('tbody tr').first()
		await expect(row.getByRole('rowheader').getByRole('link')).toHaveCount(0)
		await expect(row.getByRole('link')).toHaveCount(1)
		await expect(row.locator('td[data-label="Details"]').getByRole('link')).toHaveText(/^View /)
	})
})
