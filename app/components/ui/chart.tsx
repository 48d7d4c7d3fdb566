import { useMarkupOnce } from '#app/lib/page-markup.ts'
import type { SpendChartPage, SpendDrawing } from '#app/server/spend-chart.server.ts'

/**
 * One drawing of the chart: bars, the average's line, gridlines and the months along the bottom. The
 * server turns it into markup once per set of figures (app/server/spend-chart.server.ts); no page
 * renders it element by element.
 */
export function Bars({
	drawing,
	summary,
	className,
	small,
}: {
	drawing: SpendDrawing
	summary: string
	className: string
	small?: boolean
}) {
	const text = small ? 'text-[10px]' : 'text-[12px]'
	return (
		<svg viewBox={`0 0 ${drawing.width} ${drawing.height}`} className={className} role="img" aria-label={summary}>
			{drawing.ticks.map((tick) => (
				<g key={tick.y}>
					<line x1={drawing.left} x2={drawing.right} y1={tick.y} y2={tick.y} className="stroke-slate-200" strokeWidth={1} />
					<text x={drawing.left - 6} y={tick.y} dy="0.32em" textAnchor="end" className={`fill-slate-600 ${text}`}>
						{tick.label}
					</text>
				</g>
			))}
			{drawing.bars.map((bar) => (
				<g key={bar.month}>
					<rect x={bar.x} y={bar.y} width={bar.width} height={Math.max(bar.height, 0)} rx={2} className="fill-brand-600" />
					<text x={bar.centre} y={drawing.baseline + 13} textAnchor="middle" className={`fill-slate-700 ${text}`}>
						{small ? bar.short.charAt(0) : bar.short}
					</text>
					{bar.year ? (
						<text x={bar.centre} y={drawing.baseline + 26} textAnchor="middle" className={`fill-slate-600 ${text}`}>
							{small ? `’${bar.year.slice(2)}` : bar.year}
						</text>
					) : null}
				</g>
			))}
			<path d={drawing.line} fill="none" className="stroke-amber-600" strokeWidth={2} strokeDasharray="6 3" strokeLinecap="round" />
			<line x1={drawing.left} x2={drawing.right} y1={drawing.baseline} y2={drawing.baseline} className="stroke-slate-400" strokeWidth={1} />
		</svg>
	)
}

/**
 * A bar chart the server drew (app/server/spend-chart.server.ts): plain SVG markup, so it shows
 * without JavaScript and ships no chart library. A phone gets the narrow drawing, a wider screen the
 * wide one (CSS chooses, so only one is ever shown or read). Screen readers get the summary on the
 * picture and every month's figures in the table after it, which only they see.
 */
export function SpendBarChart({ chart, caption }: { chart: SpendChartPage; caption: string }) {
	// A document carries the pictures once, in these elements; its data holds null for them (decision 148).
	const narrow = useMarkupOnce(chart.ids.narrow, chart.pictures.narrow)
	const wide = useMarkupOnce(chart.ids.wide, chart.pictures.wide)
	return (
		<figure className="space-y-2">
			<div
				id={chart.ids.narrow}
				className="sm:hidden"
				// biome-ignore lint/security/noDangerouslySetInnerHtml: React's own markup of Bars, made on the server with every text escaped
				dangerouslySetInnerHTML={{ __html: narrow }}
			/>
			<div
				id={chart.ids.wide}
				className="hidden sm:block"
				// biome-ignore lint/security/noDangerouslySetInnerHtml: React's own markup of Bars, made on the server with every text escaped
				dangerouslySetInnerHTML={{ __html: wide }}
			/>
			<figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
				<span className="flex items-center gap-1.5">
					<span aria-hidden className="inline-block size-3 rounded-sm bg-brand-600" />
					Spend in the month
				</span>
				<span className="flex items-center gap-1.5">
					<span aria-hidden className="inline-block h-0.5 w-4 border-t-2 border-dashed border-amber-600" />
					Three-month average
				</span>
				<span>{caption}</span>
			</figcaption>
			{/* The box is what is hidden: a table keeps the width of its cells whatever its own width says. */}
			<div className="sr-only">
				<table>
					<caption>Spend on cover by month</caption>
					<thead>
						<tr>
							<th scope="col">Month</th>
							<th scope="col">Spend</th>
							<th scope="col">Three-month average</th>
						</tr>
					</thead>
					<tbody>
						{chart.rows.map((row) => (
							<tr key={row.month}>
								<th scope="row">{row.name}</th>
								<td>{row.amount}</td>
								<td>{row.average}</td>
							</tr>
						))}
					</tbody>
				</table>
			</div>
		</figure>
	)
}
