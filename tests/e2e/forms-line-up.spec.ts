import type { Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, operatorPage, signIn, test, visit } from './support.ts'

// A row of filters reads as one line: every field and button in it as tall as the others, and every
// label on one line above them (decision 153). A menu had been 39 px, a text field 42, a day 42 and a
// button 44, and the claims' labels stood 4 px apart.

/**
 * In each form of the page's content, the controls that share a row (their tops within 8 px) whose
 * tops, heights or labels' tops differ: the first five, named for the message.
 */
function ragged(page: Page) {
	return page.evaluate(() => {
		const problems: string[] = []
		for (const form of document.querySelectorAll('main form')) {
			const controls = [
				...form.querySelectorAll<HTMLElement>(
					'input:not([type=hidden]):not([type=checkbox]):not([type=radio]), select, button, a[class*="rounded-md"]',
				),
			]
				.filter((el) => el.getClientRects().length > 0)
				.map((el) => {
					const box = el.getBoundingClientRect()
					const label = el.id ? document.querySelector<HTMLElement>(`label[for="${CSS.escape(el.id)}"]`) : el.closest('label')
					// The label's first line: a label that wraps its field starts with the text.
					const labelTop = label ? Math.round(label.getBoundingClientRect().top) : null
					return {
						name: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ` "${el.textContent?.trim()}"`}`,
						bottom: Math.round(box.bottom),
						height: Math.round(box.height),
						labelTop,
					}
				})
			for (const a of controls) {
				for (const b of controls) {
					if (a === b || Math.abs(a.bottom - b.bottom) > 8 || a.name > b.name) continue
					if (a.height !== b.height || a.bottom !== b.bottom)
						problems.push(`${a.name} (${a.height} px, ending at ${a.bottom}) beside ${b.name} (${b.height} px, ending at ${b.bottom})`)
					else if (a.labelTop !== null && b.labelTop !== null && a.labelTop !== b.labelTop)
						problems.push(`${a.name}'s label at ${a.labelTop} beside ${b.name}'s at ${b.labelTop}`)
				}
			}
		}
		return problems.slice(0, 5)
	})
}

test('the filters of each list stand in one line: fields, buttons and labels', async ({ page, js, browser, baseURL }) => {
	await page.setViewportSize({ width: 1280, height: 900 })
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	for (const path of ['/claims', '/employees', '/invoice', '/transaction-history', '/settings?tab=activity']) {
		await visit(page, path)
		await expect(page.locator('main form').first()).toBeVisible()
		expect(await ragged(page), path).toEqual([])
	}
	const desk = await operatorPage(browser, baseURL!, js)
	await desk.setViewportSize({ width: 1280, height: 900 })
	for (const path of ['/ops', '/ops/inspections']) {
		await visit(desk, path)
		expect(await ragged(desk), path).toEqual([])
	}
	await desk.context().close()
})
