import { gunzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { gzipAround } from './gzip-around.server.ts'
import { inlineRules, RULES_GO_HERE, withFirstPageRules } from './stylesheet.server.tsx'

describe('a first page’s rules', () => {
	const css = '.skip-link{left:-9999px}.flex{display:flex}.hidden{display:none}'
	const sheet = inlineRules(css)
	const style = `<style data-precedence="default" data-href="/assets/app-1.css">${RULES_GO_HERE}</style>`
	const head = `<!DOCTYPE html><html><head>${style}<link rel="prefetch" href="/assets/app-1.css" as="style"/><link rel="modulepreload" href="/assets/entry.js"/></head>`
	const moduleScript = '<script type="module" async="">import("/assets/entry.js");</script>'
	const body = `<body><a href="#main" class="skip-link">Skip</a><main id="main" class="flex">₦</main>${moduleScript}</body></html>`
	const send = (html: string) => withFirstPageRules(Buffer.from(html), sheet)

	test('a page whose scripts start from the starter carries the rules its classes need, and the starter applies the file', async () => {
		const sent = send(head + body)
		const page = sent.page.toString()
		expect(page).toContain(
			'<style data-precedence="default" data-href="/assets/app-1.css">.skip-link{left:-9999px}.flex{display:flex}</style>',
		)
		expect(page).not.toContain(RULES_GO_HERE)
		expect(page).toContain('["/assets/app-1.css"])</script>')
		expect(sent.page.indexOf('.skip-link{')).toBe(sent.stylesheetAt)
		// Its gzip takes the rules' own blocks, and reads back to the page.
		expect(sent.gzip?.text.toString()).toBe('.skip-link{left:-9999px}.flex{display:flex}')
		expect(gunzipSync(await gzipAround(sent.page, sent.gzip, sent.stylesheetAt)).equals(sent.page)).toBe(true)
	})

	test('the same classes get the same rules, kept, however often and in whatever order the page has them', () => {
		const rules = send(head + body).gzip
		expect(send(head + body).gzip).toBe(rules)
		const more = body.replace('<main id="main" class="flex">', '<main id="main" class="flex"><p class="skip-link flex">x</p>')
		expect(send(head + more).gzip).toBe(rules)
		expect(send(head + body.replace('class="flex"', 'class="flex hidden"')).gzip).not.toBe(rules)
	})

	test('a page whose scripts could not be started so carries the whole stylesheet', () => {
		const sent = send(head + body.replace(moduleScript, ''))
		expect(sent.page.toString()).toContain(`<style data-precedence="default" data-href="/assets/app-1.css">${css}</style>`)
		expect(sent.gzip).toBe(sheet.whole)
	})

	test('a page without the stylesheet is sent as it is', () => {
		const html = `<!DOCTYPE html><html><head></head>${body}`
		const sent = send(html)
		expect(sent.page.toString()).toBe(html)
		expect(sent.gzip).toBeNull()
	})
})
