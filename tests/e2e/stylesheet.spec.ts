import type { Page } from '@playwright/test'
import { expect, test, visit } from './support.ts'

// The stylesheet in the first page (docs/decisions/127-inline-stylesheet.md): a browser that has not had
// this version of it gets it inline, with the file prefetched and a cookie naming the version; its next
// pages link the file. Styled either way, with JavaScript (hydrating without an error) and without.

/** The sign-in button's background: the brand colour when the stylesheet applies, none without it. */
const buttonBackground = (page: Page) =>
	page.getByRole('button', { name: 'Sign in' }).evaluate((button) => getComputedStyle(button).backgroundColor)
const UNSTYLED = 'rgba(0, 0, 0, 0)'

test('a first page carries the stylesheet inline and prefetches the file; the next pages link it, styled alike', async ({
	page,
	context,
	js,
}) => {
	const errors: string[] = []
	page.on('console', (message) => {
		if (message.type() === 'error') errors.push(message.text())
	})
	const first = await visit(page, '/login')
	const html = await first!.text()
	expect(html).toMatch(/<style id="portal-css">[^<]*\.min-h-dvh\{/)
	expect(html).not.toContain('rel="stylesheet"')
	expect(html).toMatch(/<link rel="prefetch" href="\/assets\/[^"]+\.css"\/>/)
	const styled = await buttonBackground(page)
	expect(styled).not.toBe(UNSTYLED)
	const version = (await context.cookies()).find((c) => c.name === 'css')
	expect(version?.httpOnly).toBe(true)

	if (js) {
		// Hydrated, the page keeps its styles, and a page reached in the browser is styled too.
		await page
			.getByRole('link', { name: /create an account/i })
			.first()
			.click()
		await expect(page).toHaveURL(/\/register/)
		await expect(page.getByRole('button', { name: 'Continue' })).not.toHaveCSS('background-color', UNSTYLED)
		// React, hydrating, puts the link it renders back into the head: the next pages need the file anyway.
		await expect(page.locator('head link[rel=stylesheet]')).toHaveCount(1)
	}

	// The next document links the file (prefetched by the first), and looks the same.
	const next = await visit(page, '/login')
	const nextHtml = await next!.text()
	expect(nextHtml).not.toContain('id="portal-css"')
	expect(nextHtml).toMatch(/<link (nonce="[^"]*" )?rel="stylesheet" href="\/assets\/[^"]+\.css"\/>/)
	await expect.poll(() => buttonBackground(page)).toBe(styled)

	// A new version of the stylesheet (another file name) is inlined again, once.
	await context.addCookies([{ ...version!, value: 'an-older-version' }])
	const after = await visit(page, '/login')
	expect(await after!.text()).toContain('<style id="portal-css">')
	expect(await buttonBackground(page)).toBe(styled)
	// No error at all: a hydration mismatch is one (React's #418 in a production build).
	expect(errors).toEqual([])
})
