import type { Locator } from '@playwright/test'
import { DEMO_PASSWORD, expect, signIn, test, visit } from './support.ts'

// The signed-in header at a phone's width, a tablet's and the common desktops', for the demo business,
// whose owner sees all nine areas: the page never scrolls sideways, below 640 px Sign out is the menu's
// last item, from 1024 px the areas show in a row of their own, and nothing in the header wraps a word
// onto a second line.

/** One line of the header's text is 20 to 28 px high, a button or link around it at most 44: a word pushed onto a second line makes either taller. */
async function expectOneLine(width: number, boxes: { what: Locator; most: number }[]) {
	for (const { what, most } of boxes) {
		const box = await what.boundingBox()
		expect(box?.height, `${await what.textContent()} at ${width} px`).toBeLessThanOrEqual(most)
	}
}

test('the header fits every width from a phone to a wide desktop, its words on one line', async ({ page }) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	const banner = page.getByRole('banner')
	const areas = page.getByRole('navigation', { name: 'Main' }).filter({ visible: true }).getByRole('link')
	const signOut = banner.getByRole('button', { name: 'Sign out' })
	const menu = banner.getByText('Menu', { exact: true })
	const brand = { what: banner.getByRole('link', { name: 'Cover Portal' }), most: 44 }
	for (const width of [360, 768, 1024, 1280, 1366, 1920]) {
		await page.setViewportSize({ width, height: 800 })
		await visit(page, '/')
		const { scrollWidth, innerWidth } = await page.evaluate(() => ({
			scrollWidth: document.documentElement.scrollWidth,
			innerWidth: window.innerWidth,
		}))
		expect(scrollWidth, `/ is ${scrollWidth} px wide at ${innerWidth} px`).toBeLessThanOrEqual(innerWidth)
		if (width < 1024) {
			await expect(menu).toBeVisible()
			await expect(areas).toHaveCount(0)
			// Below 640 px Sign out waits in the menu.
			await expect(signOut).toHaveCount(width < 640 ? 0 : 1)
			await expectOneLine(width, [brand, { what: menu, most: 44 }, ...(width < 640 ? [] : [{ what: signOut, most: 44 }])])
			continue
		}
		await expect(menu).toBeHidden()
		await expect(areas).toHaveCount(9)
		const account = banner.locator('p').filter({ hasText: 'Okafor Logistics Ltd', visible: true }).locator('span')
		await expect(account).toHaveText(['Adaeze Okafor', 'Okafor Logistics Ltd'])
		await expectOneLine(width, [
			...(await areas.all()).map((link) => ({ what: link, most: 44 })),
			{ what: signOut, most: 44 },
			brand,
			{ what: account.first(), most: 24 },
			{ what: account.last(), most: 24 },
		])
	}
})

test('on a phone the menu ends with Sign out, which signs the user out', async ({ page }) => {
	await page.setViewportSize({ width: 360, height: 740 })
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	await page.getByRole('banner').getByText('Menu', { exact: true }).click()
	const items = page.getByRole('banner').locator('details[open] :is(a, button)')
	await expect(items.last()).toHaveText('Sign out')
	await items.last().click()
	await expect(page).toHaveURL('/login')
	await visit(page, '/')
	await expect(page).toHaveURL(/\/login/)
})
