import { createHash } from 'node:crypto'
import { scaleBand, scaleLinear } from 'd3-scale'
import { curveMonotoneX, line } from 'd3-shape'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { RouterContextProvider } from 'react-router'
import { formatMonth, shortMonth } from '#api/contract/dates.ts'
import { Bars } from '#app/components/ui/chart.tsx'
import { formatNaira, formatNairaFull } from '#app/lib/money.ts'
import { keptByKey } from './kept.server.ts'
import { markupOnce } from './page-markup.server.ts'

// The spend chart is drawn here, on the server: the page receives SVG markup, never d3 or the drawing's
// coordinates (docs/decisions/047-home-dashboard.md, decision 137). The SVG's viewBox lets it scale to any width.

/**
 * Two drawings of the same figures: a wide one, and a narrow one for phones whose text stays legible
 * at 360 px. The page shows one or the other by CSS, so neither needs JavaScript.
 */
const SIZES = {
	wide: { width: 960, height: 260, margin: { top: 16, right: 12, bottom: 32, left: 64 } },
	narrow: { width: 300, height: 220, margin: { top: 12, right: 4, bottom: 32, left: 58 } },
} as const

/** 'YYYY-MM' as 'Mar' (and the year under January and the first month), and as 'March 2026'. */
function monthNames(month: string, index: number) {
	const year = month.slice(0, 4)
	return { short: shortMonth(month), year: index === 0 || month.slice(5, 7) === '01' ? year : null, full: formatMonth(month) }
}

type Month = { month: string; amount: number }
const round = (n: number) => Math.round(n * 10) / 10

/**
 * The average of each month and the two before it (fewer at the start), in whole Naira: the line
 * that shows the trend through months of one-off purchases.
 */
export function threeMonthAverage(months: readonly Month[]) {
	return months.map((m, i) => {
		const window = months.slice(Math.max(0, i - 2), i + 1)
		return { month: m.month, amount: Math.round(window.reduce((sum, w) => sum + w.amount, 0) / window.length) }
	})
}

function drawing(months: readonly Month[], average: readonly Month[], size: (typeof SIZES)[keyof typeof SIZES]) {
	const { width, height, margin } = size
	const x = scaleBand<string>()
		.domain(months.map((m) => m.month))
		.range([margin.left, width - margin.right])
		.padding(0.25)
	const most = Math.max(0, ...months.map((m) => m.amount))
	const y = scaleLinear()
		.domain([0, most || 1])
		.nice(4)
		.range([height - margin.bottom, margin.top])
	const centre = (month: string) => (x(month) ?? 0) + x.bandwidth() / 2
	const trend = line<Month>()
		.x((m) => centre(m.month))
		.y((m) => y(m.amount))
		.curve(curveMonotoneX)
	return {
		width,
		height,
		baseline: round(y(0)),
		left: margin.left,
		right: width - margin.right,
		bars: months.map((m, i) => ({
			month: m.month,
			x: round(x(m.month) ?? 0),
			y: round(y(m.amount)),
			width: round(x.bandwidth()),
			height: round(y(0) - y(m.amount)),
			centre: round(centre(m.month)),
			...monthNames(m.month, i),
		})),
		line: trend(average as Month[]) ?? '',
		ticks: y.ticks(4).map((value) => ({ y: round(y(value)), label: formatNaira(value) })),
	}
}

export type SpendChart = ReturnType<typeof spendChart>
export type SpendDrawing = SpendChart['wide']

/** Bars of each month's spend, the three-month average as a line, and gridlines with their amounts. */
export function spendChart(months: readonly Month[]) {
	const average = threeMonthAverage(months)
	const highest = months.reduce<Month | null>((top, m) => (m.amount > (top?.amount ?? 0) ? m : top), null)
	return {
		wide: drawing(months, average, SIZES.wide),
		narrow: drawing(months, average, SIZES.narrow),
		rows: months.map((m, i) => ({
			month: m.month,
			name: monthNames(m.month, i).full,
			amount: formatNairaFull(m.amount),
			average: formatNairaFull(average[i]!.amount),
		})),
		summary: highest
			? `Spend on cover over the last 12 months: ${formatNairaFull(months.reduce((s, m) => s + m.amount, 0))} in all, the most in ${monthNames(highest.month, 1).full} (${formatNairaFull(highest.amount)}).`
			: 'No spend on cover in the last 12 months.',
	}
}

type Sizes = { narrow: string; wide: string }

/**
 * The chart made for a set of figures: each drawing as SVG markup, with the id of the element that holds
 * it (named after the figures), the table's rows and the summary.
 */
export type SpendChartView = {
	pictures: Sizes
	ids: Sizes
	rows: SpendChart['rows']
	summary: string
}

/** What a page's loader returns: the pictures are null on a request for a document (decision 148). */
export type SpendChartPage = Omit<SpendChartView, 'pictures'> & { pictures: { [size in keyof Sizes]: string | null } }

/** Different sets of figures kept; past this many the one kept longest is let go. */
const VIEWS_KEPT = 200
const keepView = keptByKey<SpendChartView>(VIEWS_KEPT)

/**
 * The chart as the page shows it, made once per set of figures and kept (decision 137): a business's
 * twelve months change only when it buys, and home drew the two pictures again, about a hundred
 * elements, on every view. The markup is React's, from the same `Bars`, so every text in it is escaped.
 */
export function spendChartView(months: readonly Month[]): SpendChartView {
	const figures = months.map((m) => `${m.month}=${m.amount}`).join(',')
	return keepView(figures, () => {
		const chart = spendChart(months)
		const named = createHash('sha256').update(figures).digest('base64url').slice(0, 12)
		const picture = (drawing: SpendDrawing, small: boolean) =>
			renderToStaticMarkup(createElement(Bars, { drawing, summary: chart.summary, className: 'block h-auto w-full', small }))
		return {
			pictures: { narrow: picture(chart.narrow, true), wide: picture(chart.wide, false) },
			ids: { narrow: `spend-narrow-${named}`, wide: `spend-wide-${named}` },
			rows: chart.rows,
			summary: chart.summary,
		}
	})
}

/**
 * The chart for this request's page. A document carries each picture once, in the page (decision 148): its
 * loader data holds null for them, and the browser reads them from the page as it hydrates. Data for a
 * client-side navigation carries them.
 */
export function spendChartPage(context: Readonly<RouterContextProvider>, view: SpendChartView): SpendChartPage {
	return {
		...view,
		pictures: {
			narrow: markupOnce(context, view.ids.narrow, view.pictures.narrow),
			wide: markupOnce(context, view.ids.wide, view.pictures.wide),
		},
	}
}
