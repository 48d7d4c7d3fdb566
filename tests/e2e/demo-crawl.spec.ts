import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, operatorPage, signIn, test, visit } from './support.ts'

// Every screen a demo account reaches by following links from where it lands, at a phone's width, as
// the checks kept outside the repository crawl the portal: each answers, fits 360 px, and reads as a
// product (days as people write them, no 'undefined'). With JavaScript, nothing fails in the page and
// axe finds nothing moderate or worse. Screens are told apart by route and query (screenOf); how many of a
// screen's records are visited is RECORDS_PER_SCREEN's to say.

test.use({ viewport: { width: 360, height: 740 } })

/** Not screens: downloads, files, signing out. */
const NOT_A_SCREEN = /\/(logout|certificate)$|\.(csv|pdf)$|\/(photos|files|documents)\/|^\/tour$/

/** A link's route and query, with ids, codes and cursors as placeholders: one visit covers them all. */
function screenOf(url: URL) {
	const path = url.pathname
		.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id')
		.replace(/\/\d+(?=\/|$)/g, '/:n')
	const query = [...url.searchParams.entries()]
		.filter(([key]) => !['cursor', 'from', 'return_url'].includes(key))
		.map(([key, value]) => `${key}=${/^[0-9a-f-]{36}$/i.test(value) ? ':id' : value}`)
		.sort()
		.join('&')
	return query ? `${path}?${query}` : path
}

type Problem = string

const SANDBOX_REFUSAL = /^Blocked script execution in 'about:(srcdoc|blank)' because the document's frame is sandboxed/

/** What is wrong with the screen on the page, read from what it shows. */
async function problemsOf(page: Page, at: string): Promise<Problem[]> {
	const seen = await page.evaluate(() => ({
		text: document.body.innerText,
		width: document.documentElement.scrollWidth,
		headings: document.querySelectorAll('h1').length,
		// A table's card on a phone: what a cell draws (its label too) stays inside it, over no other pair.
		spilling: [...document.querySelectorAll('.table-cards > tbody > tr > [data-label]')]
			.filter((cell) => cell.scrollHeight > cell.clientHeight + 1)
			.map((cell) => cell.getAttribute('data-label')),
	}))
	const problems: Problem[] = []
	if (seen.width > 360) problems.push(`${at} is ${seen.width} px wide`)
	if (seen.headings !== 1) problems.push(`${at} has ${seen.headings} level-one headings`)
	for (const label of new Set(seen.spilling)) problems.push(`${at}: a card's "${label}" runs out of its cell`)
	for (const day of seen.text.match(/.{0,30}\b\d{4}-\d{2}-\d{2}\b.{0,10}/g) ?? []) problems.push(`${at} shows a raw day: ${day}`)
	for (const word of seen.text.match(/.{0,30}\b(undefined|NaN|Invalid Date|\[object Object\])\b.{0,10}/g) ?? [])
		problems.push(`${at} shows ${word}`)
	return problems
}

/** axe's findings of moderate impact or worse (expectAccessible holds every page to serious and critical). */
async function axeProblems(page: Page, at: string): Promise<Problem[]> {
	const results = await new AxeBuilder({ page })
		.setLegacyMode()
		.options({ resultTypes: ['violations'] })
		.analyze()
	return results.violations
		.filter((v) => v.impact !== 'minor')
		.map((v) => `${at}: axe ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
}

/**
 * How many of a screen's records are visited. Without JavaScript, each page is the server's render alone
 * and cheap to load: every record the demo links, up to this many, since a record can break a screen
 * that its neighbours pass (a policy with an empty quote once answered 500). With JavaScript, one, with
 * axe and the console watched: the client's code is the same for every record of a screen.
 */
const RECORDS_PER_SCREEN = { js: 1, noJs: 30 }

/**
 * Follow every same-origin link from `start`, breadth first: the problems found, and the screens
 * visited. With JavaScript, an error in the page or its console is a problem too.
 */
async function crawl(page: Page, start: string, limit = 150) {
	const js = test.info().project.use.javaScriptEnabled !== false
	const problems: Problem[] = []
	page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`))
	page.on('console', (message) => {
		// Playwright's own scripts, refused by the outbox's sandboxed mail frames (microsoft/playwright#33343).
		if (message.type() !== 'error' || SANDBOX_REFUSAL.test(message.text())) return
		problems.push(`${page.url()}: console: ${message.text()}`)
	})
	const origin = new URL(page.url()).origin
	const visits = new Map<string, Set<string>>()
	const queued = (url: URL) => {
		const screen = screenOf(url)
		const records = visits.get(screen) ?? new Set<string>()
		const record = `${url.pathname}?${[...url.searchParams.entries()].filter(([key]) => key !== 'cursor' && key !== 'from').join('&')}`
		if (records.has(record) || records.size >= (js ? RECORDS_PER_SCREEN.js : RECORDS_PER_SCREEN.noJs)) return false
		visits.set(screen, records.add(record))
		return true
	}
	queued(new URL(start, origin))
	const queue = [start]
	for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
		const response = await visit(page, at)
		const status = response?.status() ?? 0
		if (status >= 400) {
			problems.push(`${at} answered ${status}`)
			continue
		}
		problems.push(...(await problemsOf(page, at)))
		if (js) problems.push(...(await axeProblems(page, at)))
		const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))
		for (const href of hrefs) {
			const url = new URL(href)
			if (url.origin !== origin || NOT_A_SCREEN.test(url.pathname) || !queued(url)) continue
			queue.push(`${url.pathname}${url.search}`)
		}
		expect(visits.size, 'screens found: raise the limit if the portal has grown').toBeLessThan(limit)
	}
	return { problems, screens: new Set(visits.keys()) }
}

for (const email of ['business@example.com', 'individual@example.com']) {
	test(`every screen ${email} reaches from home answers, fits a phone and reads as a product`, async ({ page, js }) => {
		test.setTimeout(test.info().timeout * 3)
		await signIn(page, email, DEMO_PASSWORD)
		await expect(page).toHaveURL('/')
		const { problems, screens } = await crawl(page, '/')
		expect(problems).toEqual([])
		// The demo reaches the areas, records of each kind and their inner screens.
		for (const screen of ['/mycover/:id', '/transaction-history/:id', '/products/:n', '/claims/make-claim'])
			expect(screens).toContain(screen)
		if (email.startsWith('business')) {
			for (const screen of ['/employees/:id', '/invoice/:id', '/claims/details-:id', '/settings?tab=team'])
				expect(screens).toContain(screen)
			// Only some policies link their custodian: reached when every record is visited.
			if (!js) expect(screens).toContain('/manage-custodian/:id/add')
		}
	})
}

test('every screen of the claims desk an operator reaches answers, fits a phone and reads as a product', async ({
	browser,
	baseURL,
	js,
}) => {
	test.setTimeout(test.info().timeout * 2)
	const page = await operatorPage(browser, baseURL!, js)
	await page.setViewportSize({ width: 360, height: 740 })
	const { problems, screens } = await crawl(page, '/ops')
	expect(problems).toEqual([])
	for (const screen of ['/ops/claims/:id', '/ops/inspections/:id', '/ops/invoices/:id']) expect(screens).toContain(screen)
	await page.context().close()
})
