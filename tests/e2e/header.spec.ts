import { DEMO_PASSWORD, expect, signIn, test, visit } from './support.ts'

// The signed-in header at a phone's width, a tablet's and the common desktops', for the demo business,
// whose owner sees all nine areas: the page never scrolls sideways, from 1024 px the areas show in a row
// of their own, and nothing in the header wraps a word onto a second line.
test('the header fits every width from a phone to a wide desktop, its words on one line', async ({ page }) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	const areas = page.getByRole('navigation', { name: 'Main' }).filter({ visible: true }).getByRole('link')
	const signOut = page.getByRole('banner').getByRole('button', { name: 'Sign out' })
	for (const width of [360, 768, 1024, 1280, 1366, 1920]) {
		await page.setViewportSize({ width, height: 800 })
		await visit(page, '/')
		const { scrollWidth, innerWidth } = await page.evaluate(() => ({
			scrollWidth: document.documentElement.scrollWidth,
			innerWidth: window.innerWidth,
		}))
		expect(scrollWidth, `/ is ${scrollWidth} px wide at ${innerWidth} px`).toBeLessThanOrEqual(innerWidth)
		if (width < 1024) {
			await expect(page.getByRole('banner').getByText('Menu')).toBeVisible()
			await expect(areas).toHaveCount(0)
			continue
		}
		await expect(areas).toHaveCount(9)
		// One line of the header's text is 20 to 28 px high, a button or link around it at most 44; a word
		// pushed onto a second line makes either taller.
		const account = page.getByRole('banner').locator('p').filter({ hasText: 'Okafor Logistics Ltd', visible: true }).locator('span')
		await expect(account).toHaveText(['Adaeze Okafor', 'Okafor Logistics Ltd'])
		const boxes = [
			...(await areas.all()).map((link) => ({ what: link, most: 44 })),
			{ what: signOut, most: 44 },
			{ what: page.getByRole('banner').getByRole('link', { name: 'Cover Portal' }), most: 44 },
			{ what: account.first(), most: 24 },
			{ what: account.last(), most: 24 },
		]
		for (const { what, most } of boxes) {
			const box = await what.boundingBox()
			expect(box?.height, `${await what.textContent()} at ${width} px`).toBeLessThanOrEqual(most)
		}
	}
})
