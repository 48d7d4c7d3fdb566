import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { pageMarkupContext } from './context.server.ts'
import { spendChart, spendChartPage, spendChartView, threeMonthAverage } from './spend-chart.server.ts'

const months = [
	'2025-12',
	'2026-01',
	'2026-02',
	'2026-03',
	'2026-04',
	'2026-05',
	'2026-06',
	'2026-07',
	'2026-08',
	'2026-09',
	'2026-10',
	'2026-11',
].map((month, i) => ({ month, amount: i === 3 ? 600_000 : 100_000 }))

describe('the spend chart', () => {
	it('averages each month with the two before it, fewer at the start', () => {
		expect(
			threeMonthAverage(months)
				.slice(0, 5)
				.map((m) => m.amount),
		).toEqual([100_000, 100_000, 100_000, 266_667, 266_667])
	})

	it('draws one bar a month, heights in proportion, the tallest reaching the top gridline', () => {
		const { wide } = spendChart(months)
		expect(wide.bars).toHaveLength(12)
		const tallest = wide.bars[3]!
		expect(tallest.height / wide.bars[0]!.height).toBeCloseTo(6, 1)
		expect(tallest.y).toBe(Math.min(...wide.ticks.map((t) => t.y)))
		expect(wide.ticks.map((t) => t.label)).toEqual(['₦0', '₦200,000', '₦400,000', '₦600,000'])
		// The year is written under the first month and under January.
		expect(wide.bars.filter((b) => b.year).map((b) => b.month)).toEqual(['2025-12', '2026-01'])
		expect(wide.line).toMatch(/^M[\d.]+,[\d.]+/)
	})

	it('says the figures in words for screen readers', () => {
		const chart = spendChart(months)
		expect(chart.summary).toBe('Spend on cover over the last 12 months: ₦1,700,000 in all, the most in March 2026 (₦600,000).')
		expect(chart.rows[3]).toEqual({ month: '2026-03', name: 'March 2026', amount: '₦600,000', average: '₦266,667' })
	})

	it('draws a year without spend as empty bars on a ₦0 baseline', () => {
		const chart = spendChart(months.map((m) => ({ ...m, amount: 0 })))
		expect(chart.narrow.bars.every((b) => b.height === 0)).toBe(true)
		expect(chart.summary).toBe('No spend on cover in the last 12 months.')
	})

	it('gives the page both drawings as SVG markup, each month a bar, the summary its name', () => {
		const view = spendChartView(months)
		const chart = spendChart(months)
		for (const [size, small] of [
			['narrow', true],
			['wide', false],
		] as const) {
			const svg = view.pictures[size]
			expect(svg.startsWith(`<svg viewBox="0 0 ${chart[size].width} ${chart[size].height}"`)).toBe(true)
			expect(svg.match(/<rect /g)).toHaveLength(12)
			expect(svg).toContain(`role="img" aria-label="${chart.summary}"`)
			expect(svg).toContain(`d="${chart[size].line}"`)
			// The narrow drawing writes each month as its initial.
			expect(svg).toContain(small ? '>D</text>' : '>Dec</text>')
		}
		expect(view.rows).toEqual(chart.rows)
		expect(view.summary).toBe(chart.summary)
	})

	it('makes the view once per set of figures, and afresh when a figure changes', () => {
		const first = spendChartView(months)
		expect(spendChartView(months.map((m) => ({ ...m })))).toBe(first)
		const changed = spendChartView(months.map((m, i) => ({ ...m, amount: i === 11 ? 900_000 : m.amount })))
		expect(changed).not.toBe(first)
		expect(changed.pictures.wide).not.toBe(first.pictures.wide)
		expect(changed.summary).toContain('the most in November 2026 (₦900,000)')
		// The elements that hold the pictures are named after the figures.
		expect(first.ids).toEqual({
			narrow: expect.stringMatching(/^spend-narrow-[\w-]{12}$/),
			wide: expect.stringMatching(/^spend-wide-[\w-]{12}$/),
		})
		expect(changed.ids.wide).not.toBe(first.ids.wide)
	})

	it('leaves the pictures out of a document’s data, for its render only, and keeps them in data for a navigation', () => {
		const view = spendChartView(months)
		const document = new RouterContextProvider()
		const render = new Map<string, string>()
		document.set(pageMarkupContext, render)
		const forDocument = spendChartPage(document, view)
		expect(forDocument.pictures).toEqual({ narrow: null, wide: null })
		expect(forDocument.ids).toEqual(view.ids)
		expect(forDocument.rows).toBe(view.rows)
		expect([...render]).toEqual([
			[view.ids.narrow, view.pictures.narrow],
			[view.ids.wide, view.pictures.wide],
		])
		// A request for data (a client-side navigation) has no map: the data carries the pictures.
		expect(spendChartPage(new RouterContextProvider(), view).pictures).toEqual(view.pictures)
	})
})
