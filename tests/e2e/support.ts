import { randomUUID } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import { type Browser, type BrowserContext, type Page, expect, test as base } from '@playwright/test'
import { SCROLL_PENDING_ATTRIBUTE } from '#app/client/navigation-effects.ts'

export const DEMO_PASSWORD = 'Demo-pass-2026'

export const test = base.extend<{ js: boolean }>({
	js: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
})
export { expect }

export function uniqueEmail(prefix: string) {
	return `${prefix}-${randomUUID().slice(0, 10)}@example.test`
}

/**
 * The newest 6-digit code mailed to `email`, read from the local outbox the embedded default keeps. Mail
 * about money (a policy number has six digits too) is passed over: only a code mail says "Your code is".
 */
export async function latestCode(page: Page, email: string) {
	for (let i = 0; i < 20; i++) {
		const response = await page.request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`)
		const mails = (await response.json()).data as Array<{ text: string }>
		const code = mails.map((m) => m.text.match(/Your code is (\d{6})\b/)?.[1]).find(Boolean)
		if (code) return code
		await page.waitForTimeout(250)
	}
	throw new Error(`No code mailed to ${email}`)
}

/**
 * No serious or critical axe violation on the page as it stands. axe runs in the page, so for a
 * page without JavaScript its HTML is checked in a JavaScript-enabled twin, scripts left out. A caller
 * checking many pages may pass one twin context to reuse; otherwise each check makes its own.
 */
export async function expectAccessible(page: Page, js = true, reuse?: BrowserContext) {
	let target = page
	let twin: BrowserContext | undefined
	if (!js) {
		const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '')
		twin = reuse ?? (await page.context().browser()!.newContext({ javaScriptEnabled: true }))
		target = await twin.newPage()
		await target.route(page.url(), (route) => route.fulfill({ body: html, contentType: 'text/html' }))
		await target.goto(page.url())
	}
	try {
		// axe.run in the page itself (legacy mode) rather than a partial run per frame finished in a new blank
		// page, and only violations collected: the same findings in about 40% of the time, on a suite that
		// checks hundreds of pages (docs/decisions/138-suite-time.md). No page checked holds a frame of
		// another origin, which is all the partial run adds.
		const results = await new AxeBuilder({ page: target })
			.setLegacyMode()
			.options({ resultTypes: ['violations'] })
			.analyze()
		const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
		expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([])
	} finally {
		if (reuse) await target.close()
		else await twin?.close()
	}
}

/**
 * Open a page. With JavaScript on, wait until React Router runs in the page, so a click is handled by
 * the app rather than posted as a plain form before the scripts arrive.
 */
export async function visit(page: Page, url: string) {
	const response = await page.goto(url)
	if (test.info().project.use.javaScriptEnabled !== false) {
		await page.waitForFunction(() => '__reactRouterDataRouter' in window)
	}
	return response
}

/**
 * After a navigation in the page, wait for its scroll to the top (spec section 9, 100 ms after the page is
 * drawn, app/client/navigation-effects.ts). The page is drawn where the last one was scrolled, and a click
 * aimed at an element low on it in between lands on whatever the scroll brings under the pointer. Without
 * JavaScript every page is a document, drawn at its top, and nothing is pending.
 */
export async function scrollSettled(page: Page) {
	await expect(page.locator('html')).not.toHaveAttribute(SCROLL_PENDING_ATTRIBUTE, 'pending')
}

export async function signIn(page: Page, email: string, password: string) {
	await visit(page, '/login')
	await sendSignIn(page, email, password)
}

/** The sign-in form already on screen (reached by a link, in the page), filled and sent. */
export async function sendSignIn(page: Page, email: string, password: string) {
	await page.getByLabel('Email address').fill(email)
	await page.getByLabel('Password').fill(password)
	await page.getByRole('button', { name: 'Sign in' }).click()
}

/** Every mail in the local outbox to `email`, newest first. */
export async function mailsTo(page: Page, email: string) {
	const response = await page.request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`)
	expect(response.ok()).toBe(true)
	return (await response.json()).data as Array<{ subject: string; text: string }>
}

/**
 * The status of the POST a click sends: the document itself without JavaScript, React Router's data
 * request with it.
 */
export async function postStatus(page: Page, click: () => Promise<void>) {
	const response = page.waitForResponse(
		(r) => r.request().method() === 'POST' && ['document', 'fetch'].includes(r.request().resourceType()),
	)
	await click()
	return (await response).status()
}

export type NewAccount = { kind: 'business' | 'individual'; firstName: string; email: string; password: string }

/**
 * Register through the screens and verify the email with the mailed code: the account is signed in
 * and on /update/kyc, its details still to fill.
 */
export async function registerThroughUi(page: Page, account: NewAccount) {
	await visit(page, `/register?type=${account.kind}`)
	if (account.kind === 'business') await page.getByLabel('Business name').fill(`${account.firstName} Trading Ltd`)
	await page.getByLabel('First name').fill(account.firstName)
	await page.getByLabel('Last name').fill('Eze')
	await page.getByLabel('Email address').fill(account.email)
	await page.getByLabel('Phone number').fill('08031234567')
	await page.getByLabel('Password').fill(account.password)
	await page.getByRole('button', { name: 'Create account' }).click()
	await expect(page).toHaveURL('/verify-account?from=register')
	await page.getByLabel('Verification code').fill(await latestCode(page, account.email))
	await page.getByRole('button', { name: 'Verify email' }).click()
	await expect(page).toHaveURL('/update/kyc')
}

/** A page of its own, signed in to the claims desk as a demo operator (the first one unless named). */
export async function operatorPage(browser: Browser, baseURL: string, js: boolean, email = 'operator@example.com') {
	const context = await browser.newContext({ baseURL, javaScriptEnabled: js })
	const page = await context.newPage()
	await visit(page, '/ops/login')
	// Signed out, the desk's frame offers no list: each would lead back to its sign-in.
	const deskLinks = page.getByRole('navigation', { name: 'Desk' }).getByRole('link')
	await expect(deskLinks).toHaveText(['Claims desk'])
	await sendSignIn(page, email, DEMO_PASSWORD)
	await expect(page.getByRole('heading', { name: 'Claims queue' })).toBeVisible()
	await expect(deskLinks).toHaveText(['Claims desk', 'Inspections', 'Invoices'])
	return page
}
