import { randomUUID } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import { type BrowserContext, type Page, expect, test as base } from '@playwright/test'

export const DEMO_PASSWORD = 'Demo-pass-2026'

export const test = base.extend<{ js: boolean }>({
	js: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
})
export { expect }

export function uniqueEmail(prefix: string) {
	return `${prefix}-${randomUUID().slice(0, 10)}@example.test`
}

/** The newest 6-digit code mailed to `email`, read from the local outbox the embedded default keeps. */
export async function latestCode(page: Page, email: string) {
	for (let i = 0; i < 20; i++) {
		const response = await page.request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`)
		const mails = (await response.json()).data as Array<{ text: string }>
		const code = mails[0]?.text.match(/\b(\d{6})\b/)?.[1]
		if (code) return code
		await page.waitForTimeout(250)
	}
	throw new Error(`No code mailed to ${email}`)
}

/**
 * No serious or critical axe violation on the page as it stands. axe runs in the page, so for a
 * page without JavaScript its HTML is checked in a JavaScript-enabled twin, scripts left out.
 */
export async function expectAccessible(page: Page, js = true) {
	let target = page
	let twin: BrowserContext | undefined
	if (!js) {
		const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '')
		twin = await page.context().browser()!.newContext({ javaScriptEnabled: true })
		target = await twin.newPage()
		await target.route(page.url(), (route) => route.fulfill({ body: html, contentType: 'text/html' }))
		await target.goto(page.url())
	}
	try {
		const results = await new AxeBuilder({ page: target }).analyze()
		const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
		expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([])
	} finally {
		await twin?.close()
	}
}

export async function signIn(page: Page, email: string, password: string) {
	await page.goto('/login')
	await page.getByLabel('Email address').fill(email)
	await page.getByLabel('Password').fill(password)
	await page.getByRole('button', { name: 'Sign in' }).click()
}
