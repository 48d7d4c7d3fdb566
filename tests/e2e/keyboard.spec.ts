import type { Locator, Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, test, visit } from './support.ts'

// The keyboard alone, as someone who cannot use a pointer: every journey here is made with Tab, Enter and
// Escape, and each control the keyboard lands on shows where the focus is.

/** The focused element: a short name for messages, and whether anything draws its focus (an outline or a ring). */
function focused(page: Page) {
	return page.evaluate(() => {
		const el = document.activeElement as HTMLElement | null
		if (!el || el === document.body) return null
		const style = getComputedStyle(el)
		const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0
		return {
			name: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
			visible: outline || style.boxShadow !== 'none',
		}
	})
}

/**
 * Tab until `target` has the focus, at most `limit` presses, checking on the way that every control the
 * focus lands on draws it.
 */
async function tabTo(page: Page, target: Locator, limit = 40) {
	const unmarked: string[] = []
	for (let i = 0; i < limit; i++) {
		await page.keyboard.press('Tab')
		const now = await focused(page)
		if (now && !now.visible) unmarked.push(now.name)
		if (await target.evaluate((el) => el === document.activeElement)) {
			expect(unmarked, 'controls whose focus is not drawn').toEqual([])
			return
		}
	}
	throw new Error(`${limit} presses of Tab did not reach ${target}`)
}

test('by keyboard alone: sign in, skip to the content, open the menu on a phone and reach an area', async ({ page }) => {
	await page.setViewportSize({ width: 360, height: 740 })
	await visit(page, '/login')
	await tabTo(page, page.getByLabel('Email address'))
	await page.keyboard.type('business@example.com')
	await tabTo(page, page.getByLabel('Password', { exact: true }))
	await page.keyboard.type(DEMO_PASSWORD)
	await page.keyboard.press('Enter')
	await expect(page).toHaveURL('/')

	// On a page loaded whole, the first stop of the keyboard is the skip link; taking it, the next stop is
	// in the content. (After a navigation in the page, the focus is already on the new content.)
	await visit(page, '/')
	await page.keyboard.press('Tab')
	await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
	await page.keyboard.press('Enter')
	await page.keyboard.press('Tab')
	expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true)

	// The phone's menu opens with Enter, without JavaScript too (a native disclosure), and leads to an area.
	await visit(page, '/')
	const menu = page.locator('summary', { hasText: 'Menu' })
	await tabTo(page, menu)
	await page.keyboard.press('Enter')
	const claims = page.getByRole('navigation').getByRole('link', { name: 'Claims', exact: true })
	await expect(claims).toBeVisible()
	await tabTo(page, claims)
	await page.keyboard.press('Enter')
	await expect(page).toHaveURL('/claims')
	await expect(page.getByRole('heading', { level: 1, name: 'Claims' })).toBeVisible()
})

test('by keyboard alone: a list is filtered with Enter, and a dialog opens and closes', async ({ page, js }) => {
	await page.goto('/login')
	await page.getByLabel('Email address').fill('business@example.com')
	await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page).toHaveURL('/')

	// Enter in the search field sends the filter form.
	await visit(page, '/claims')
	const search = page.getByLabel('Search')
	await tabTo(page, search)
	await page.keyboard.type('CL-2026-000013')
	await page.keyboard.press('Enter')
	await expect(page).toHaveURL(/[?&]q=CL-2026-000013/)
	await expect(page.getByRole('link', { name: 'CL-2026-000013' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'CL-2026-000012' })).toHaveCount(0)

	// A dialog: opened from its link with Enter; the keyboard is then inside it.
	await visit(page, '/employees')
	const opener = page.getByRole('link', { name: 'Add staff member' })
	await tabTo(page, opener)
	await page.keyboard.press('Enter')
	const dialog = page.getByRole('dialog', { name: 'Add a member of staff' })
	await expect(dialog).toBeVisible()
	// The dialog has the focus, without JavaScript too, so the keyboard goes on in it, not in the page under it.
	const inDialog = () => dialog.evaluate((d) => d.contains(document.activeElement))
	await expect.poll(inDialog).toBe(true)
	if (js) {
		// Modal: Tab stays inside, and Escape closes it.
		await page.keyboard.press('Tab')
		expect(await inDialog()).toBe(true)
		await page.keyboard.press('Escape')
	} else {
		// The server's dialog: the next stop is its Close link.
		await tabTo(page, dialog.getByRole('link', { name: 'Close' }), 1)
		await page.keyboard.press('Enter')
	}
	await expect(dialog).toHaveCount(0)
	await expect(page).toHaveURL('/employees')
})
