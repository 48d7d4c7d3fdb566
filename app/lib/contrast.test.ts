import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'

// The colour tokens of app/app.css, checked against WCAG AA (4.5:1 for small text) in the pairs the
// status badges and buttons use them.
const css = readFileSync(new URL('../app.css', import.meta.url), 'utf8')
const token = (name: string) => {
	const hex = css.match(new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})`))?.[1]
	if (!hex) throw new Error(`no token ${name}`)
	return hex
}

function luminance(hex: string) {
	const [r, g, b] = [1, 3, 5].map((i) => {
		const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255
		return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
	})
	return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

const contrast = (a: string, b: string) => {
	const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
	return (hi + 0.05) / (lo + 0.05)
}

test.each(['success', 'warning', 'danger', 'info'])('%s text on its tint passes AA', (tone) => {
	expect(contrast(token(`${tone}-900`), token(`${tone}-100`))).toBeGreaterThanOrEqual(4.5)
	expect(contrast(token(`${tone}-700`), '#ffffff')).toBeGreaterThanOrEqual(4.5)
})

test('the brand passes AA as a button and as a link, and in the current area of the navigation', () => {
	expect(contrast(token('brand-700'), '#ffffff')).toBeGreaterThanOrEqual(4.5)
	expect(contrast(token('brand-800'), token('brand-50'))).toBeGreaterThanOrEqual(4.5)
})
