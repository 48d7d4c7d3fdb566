import type { Page } from '@playwright/test'
import { formatDay, formatMonth } from '#api/contract/dates.ts'
import { formatNairaFull } from '#api/contract/money.ts'
import { PLAN_BILLING } from '#api/contract/invoices.ts'
import { DEMO_PASSWORD, expect, expectAccessible, signIn, test, visit } from './support.ts'
import { businessThroughApi, fundThroughApi, memberThroughApi } from './wallet-support.ts'

// Issue 11, point 3: home is a dashboard (docs/decisions/047-home-dashboard.md). The demo accounts
// carry a year of seeded history (api/db/seed/demo-history.ts), so their figures are known.

const glance = (page: Page) => page.getByRole('region', { name: 'At a glance' })
const figure = (page: Page, label: string) => glance(page).getByRole('listitem').filter({ hasText: label })

test("the demo business's home shows where it stands, each figure linking to its screen", async ({ page, request, js }) => {
	// Other specs buy, claim and move staff as the demo business on the shared server, so the figures
	// are read from the API as the page is: the page must show what the API answers. One of them may move a
	// figure between the two reads; then both are read again, the page loaded afresh, until they agree.
	const signedIn = await request.post('/api/v1/auth/sign-in', { data: { email: 'business@example.com', password: DEMO_PASSWORD } })
	const headers = { Authorization: `Bearer ${(await signedIn.json()).data.access_token}` }
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	let home = (await (await request.get('/api/v1/dashboard', { headers })).json()).data
	let reads = 0
	await expect(async () => {
		if (reads++ > 0) {
			await visit(page, '/')
			home = (await (await request.get('/api/v1/dashboard', { headers })).json()).data
		}
		const shows = { timeout: 2_000 }
		expect(home.wallet.balance).toBeGreaterThan(0)
		await expect(figure(page, 'Wallet balance')).toContainText(formatNairaFull(home.wallet.balance), shows)
		expect(home.cover.active).toBeGreaterThanOrEqual(11)
		await expect(figure(page, 'Active cover')).toContainText(String(home.cover.active), shows)
		expect(home.staff.covered).toBeGreaterThanOrEqual(12)
		await expect(figure(page, 'Staff covered')).toContainText(String(home.staff.covered), shows)
		await expect(figure(page, 'Spent this month')).toContainText(formatNairaFull(home.spend.this_month), shows)
		// The month the billing run bills next, on the 1st after it (decision 161): this month, since the
		// demo's staff plans are active from earlier months.
		const bill = home.next_bill.bill
		expect(bill.month).toBe(`${home.today.slice(0, 7)}-01`)
		await expect(figure(page, 'Next bill')).toContainText(formatDay(bill.issued_on), shows)
		const plans = `${bill.plans} staff plan${bill.plans === 1 ? '' : 's'}`
		await expect(figure(page, 'Next bill')).toContainText(
			`for ${formatMonth(bill.month)} on ${plans}, due ${formatDay(bill.due_on)}`,
			shows,
		)
		await expect(figure(page, 'Renewals due')).toContainText(String(home.renewals.due), shows)
		await expect(figure(page, 'Open claims')).toContainText(String(home.claims.open), shows)
	}).toPass({ timeout: 40_000 })
	await expect(figure(page, 'Wallet balance').getByRole('link', { name: 'Open the wallet' })).toHaveAttribute('href', '/wallet')
	await expect(figure(page, 'Active cover')).toContainText('waiting for activation')
	await expect(figure(page, 'Spent this month').getByRole('link')).toHaveAttribute(
		'href',
		/^\/transaction-history\?type=purchase&from=\d{4}-\d{2}-01$/,
	)

	// The chart is SVG from the server, with every month's figure as text for screen readers.
	const spend = page.getByRole('region', { name: 'Spend over the last 12 months' })
	await expect(
		spend.getByRole('img', { name: `Spend on cover over the last 12 months: ${formatNairaFull(home.spend.total)} in all`, exact: false }),
	).toBeVisible()
	const table = spend.getByRole('table', { name: 'Spend on cover by month' })
	await expect(table.locator('tbody tr')).toHaveCount(12)
	await expect(table.locator('tbody tr').last()).toContainText(formatNairaFull(home.spend.this_month))
	expect(await spend.locator('svg rect').count()).toBeGreaterThanOrEqual(12)

	const lines = page.getByRole('region', { name: 'Active cover by line' })
	await expect(lines.getByRole('listitem')).toHaveText(
		home.cover.by_line.map((l: { active: number }) => new RegExp(`${l.active} polic${l.active === 1 ? 'y' : 'ies'}`)),
	)
	const renewals = page.getByRole('region', { name: 'Renewals due' })
	await expect(renewals.getByRole('link', { name: 'Comprehensive Motor', exact: true })).toHaveAttribute(
		'href',
		/^\/mycover\/[0-9a-f-]{36}$/,
	)
	const todos = page.getByRole('region', { name: 'To do' })
	await expect(todos.getByRole('link', { name: 'Activate Laptop Cover' })).toBeVisible()
	// Most urgent first (decision 152). Other specs pay the demo's invoices and answer its offers on the
	// same database, so the order is checked by kind, whatever is left.
	const ranks = (await todos.getByRole('listitem').allTextContents()).map((text) => URGENCY.findIndex((kind) => kind.test(text)))
	expect(ranks).not.toContain(-1)
	expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
	expect(new Set(ranks).size, 'todos of more than one kind').toBeGreaterThan(1)
	await expectAccessible(page, js)

	// A figure leads to its screen: the bill to the invoices.
	await figure(page, 'Next bill').getByRole('link', { name: 'See the invoices' }).click()
	await expect(page).toHaveURL('/invoice')
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

/** Todos by kind, most urgent first: the order `deriveTodos` lists them in (decision 152). */
const URGENCY = [
	/^(Verify your email|Complete your (business )?details|Verify your company)/,
	/^Pay invoice .*(overdue|paused)/,
	/^Renew /,
	/^Answer the offer/,
	/^Send more documents/,
	/^Finish claim/,
	/^(Activate|Confirm the staff on|Take the pre-inspection photos) /,
	/^Pay invoice .* is due\./,
	/^(Fund your wallet|Buy your first cover|Add your staff|Review staff changes)/,
]

test("the demo individual's home has their policies and renewals, and no business figures", async ({ page, js }) => {
	await signIn(page, 'individual@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	await expect(figure(page, 'Your active policies')).toContainText('2')
	await expect(figure(page, 'Renewals due')).toContainText('1')
	const policies = page.getByRole('region', { name: 'Your policies' })
	await expect(policies.getByRole('listitem')).toHaveCount(3)
	await expect(policies.getByRole('listitem').first()).toContainText('Pending activation')
	await expect(page.getByRole('region', { name: 'Renewals due' }).getByRole('link', { name: 'Third Party Motor' })).toBeVisible()
	for (const label of ['Staff covered', 'Spent this month', 'Next bill']) await expect(figure(page, label)).toHaveCount(0)
	await expect(page.getByRole('region', { name: 'Spend over the last 12 months' })).toHaveCount(0)
	// No staff and no invoices for an individual (decision 155), and their name is said once, not again as a business's.
	const nav = page.getByRole('navigation', { name: 'Main' })
	await expect(nav.getByRole('link', { name: 'Claims' })).toHaveCount(1)
	for (const area of ['Employees', 'Invoices']) await expect(nav.getByRole('link', { name: area })).toHaveCount(0)
	await expect(page.getByText('Tunde Bakare', { exact: true }).filter({ visible: true })).toHaveCount(1)
	await expectAccessible(page, js)
	for (const path of ['/employees', '/invoice']) {
		const refused = await page.goto(path)
		expect(refused?.status(), path).toBe(403)
		await expect(page.getByText('Staff and their invoices are for business accounts.', { exact: false })).toBeVisible()
	}
	await page.goto('/')

	await policies.getByRole('link', { name: 'Gadget Cover' }).click()
	await expect(page).toHaveURL(/\/mycover\/[0-9a-f-]{36}$/)
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Gadget Cover')
})

test('a finance member sees the money on home, and not the cover or staff', async ({ page, request }) => {
	const owner = await businessThroughApi(page, request, 'Bisi')
	await fundThroughApi(request, owner, 40_000, 'approve')
	const finance = await memberThroughApi(page, request, owner, 'Finance')
	await signIn(page, finance.email, finance.password)
	await expect(page).toHaveURL('/')
	await expect(figure(page, 'Wallet balance')).toContainText('₦40,000')
	await expect(figure(page, 'Spent this month')).toContainText('₦0')
	await expect(figure(page, 'Next bill')).toContainText('None due')
	for (const label of ['Active cover', 'Staff covered', 'Renewals due']) await expect(figure(page, label)).toHaveCount(0)
	await expect(page.getByRole('region', { name: 'Active cover by line' })).toHaveCount(0)
	await expect(page.getByRole('img', { name: 'No spend on cover in the last 12 months.' })).toBeVisible()
})

test('a new business with nothing yet gets empty states with a next step', async ({ page, request }) => {
	const owner = await businessThroughApi(page, request, 'Dayo')
	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')
	await expect(figure(page, 'Wallet balance')).toContainText('₦0')
	await expect(figure(page, 'Active cover')).toContainText('0')
	const lines = page.getByRole('region', { name: 'Active cover by line' })
	await expect(lines.getByText('No cover in force yet')).toBeVisible()
	await lines.getByRole('link', { name: 'Browse products' }).click()
	await expect(page).toHaveURL('/products')
})

test("a new business's lists say how to start, with no filters over nothing; a filter that finds nothing keeps its form", async ({
	page,
	request,
}) => {
	const owner = await businessThroughApi(page, request, 'Bisi')
	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')
	const lists = [
		{
			path: '/claims',
			filters: 'Filter the claims',
			empty: 'You have made no claims.',
			query: '?status=approved',
			none: 'No claims match these filters.',
		},
		{
			path: '/transaction-history',
			filters: 'Filter the transactions',
			empty: 'No transactions yet. Fund your wallet to get started.',
			query: '?type=purchase',
			none: 'No transactions match these filters.',
		},
		{
			path: '/invoice',
			filters: 'Filter the invoices',
			empty: `No invoices yet. ${PLAN_BILLING.first}`,
			query: '?status=paid',
			none: 'No invoices match these filters.',
		},
		{
			path: '/employees',
			filters: 'Search and filter the staff',
			empty: 'No staff yet. Add a member of staff or import your staff list.',
			query: '?q=nobody',
			none: 'No staff match this search.',
		},
	]
	for (const list of lists) {
		await visit(page, list.path)
		await expect(page.getByText(list.empty), list.path).toBeVisible()
		await expect(page.getByRole('form', { name: list.filters }), list.path).toHaveCount(0)
		await visit(page, list.path + list.query)
		await expect(page.getByText(list.none), list.path).toBeVisible()
		await expect(page.getByRole('form', { name: list.filters }), list.path).toBeVisible()
	}
})

test('signed-in pages hydrate over the links the server wrote, and the navigation’s links take the user on', async ({ page, js }) => {
	// The server writes links itself, without React Router's work (decision 140); the browser hydrates with
	// React Router's. A difference in what a link holds is a hydration error (React renders the page again
	// from scratch), which this catches; React's production build lets an attribute differ silently, so
	// link.server.test.tsx compares the attributes.
	const mismatches: string[] = []
	const mismatch = /#41[89]|#423|#425|hydrat/i
	page.on('console', (message) => {
		if (message.type() === 'error' && mismatch.test(message.text())) mismatches.push(message.text())
	})
	page.on('pageerror', (error) => {
		if (mismatch.test(error.message)) mismatches.push(error.message)
	})
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	const main = page.getByRole('navigation', { name: 'Main' }).first()
	await expect(main.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
	for (const path of ['/employees', '/claims', '/mycover', '/invoice', '/transaction-history', '/settings']) {
		await visit(page, path)
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	}
	// The header's navigation marks where the user is, and a click on it goes there (in the page with JavaScript).
	await expect(page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Settings' })).toHaveAttribute(
		'aria-current',
		'page',
	)
	if (js) await page.evaluate(() => Object.assign(window, { stayed: true }))
	await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Claims' }).click()
	await expect(page).toHaveURL('/claims')
	await expect(page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Claims' })).toHaveAttribute(
		'aria-current',
		'page',
	)
	// With JavaScript the router moved within the document; without it the browser loaded the page.
	expect(await page.evaluate(() => 'stayed' in window)).toBe(js)
	expect(mismatches).toEqual([])
})

test('the spend chart comes once in a document, and the page keeps it as it hydrates and as it navigates', async ({ page, js }) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	// A document: each picture is in the page once, not a second time in the data it hydrates from (decision 148).
	// Asked for beside the page (with its cookies): the browser may let go of a document's body once it has run.
	const html = await (await page.request.get('/', { headers: { accept: 'text/html' } })).text()
	await visit(page, '/')
	expect(html.split('viewBox="0 0 300 220"')).toHaveLength(2)
	expect(html.split('viewBox="0 0 960 260"')).toHaveLength(2)
	const spend = page.getByRole('region', { name: 'Spend over the last 12 months' })
	const pictures = [spend.locator('[id^="spend-narrow-"]'), spend.locator('[id^="spend-wide-"]')]
	// What React holds as the element's markup: hydrating with anything else would draw it again, or blank.
	const held = (element: Element) => {
		const props = Object.entries(element).find(([key]) => key.startsWith('__reactProps$'))?.[1]
		return (props as { dangerouslySetInnerHTML?: { __html: string } } | undefined)?.dangerouslySetInnerHTML?.__html
	}
	for (const picture of pictures) {
		await expect(picture.locator('svg rect')).toHaveCount(12)
		if (js) expect(await picture.evaluate(held)).toBe(await picture.evaluate((element) => element.innerHTML))
	}
	// Away and back by the navigation: with JavaScript the data for home carries the pictures itself.
	const main = page.getByRole('navigation', { name: 'Main' }).first()
	await main.getByRole('link', { name: 'Wallet' }).click()
	await expect(page).toHaveURL('/wallet')
	const data = js ? page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('.data')) : null
	await main.getByRole('link', { name: 'Home' }).click()
	await expect(page).toHaveURL('/')
	if (data) await data
	// What that data holds (asked for beside the page: the browser keeps no body of a fetch it has read): the pictures.
	expect(await (await page.request.get('/_root.data')).text()).toContain('viewBox=\\"0 0 960 260\\"')
	for (const picture of pictures) {
		await expect(picture.locator('svg rect')).toHaveCount(12)
		if (js) expect(await picture.evaluate(held)).toMatch(/^<svg viewBox="0 0 (300 220|960 260)"/)
	}
	await expect(spend.getByRole('img', { name: /^Spend on cover over the last 12 months/ }).first()).toBeAttached()
})
