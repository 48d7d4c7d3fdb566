import { scaleBand, scaleLinear } from 'd3-scale'
import { formatNaira } from '#app/lib/money.ts'

export type UsageBar = { label: string; used: number; limit: number }

/**
 * Bars of what was used against each limit, drawn on the server as SVG (no chart code reaches the
 * browser): the limit as a pale track, the used part over it, and the figures as text for every reader.
 */
export function UsageChart({ title, bars }: { title: string; bars: readonly UsageBar[] }) {
	const width = 640
	const labelWidth = 180
	const rowHeight = 36
	const height = Math.max(1, bars.length) * rowHeight + 8
	const y = scaleBand()
		.domain(bars.map((_, i) => `${i}`))
		.range([4, height - 4])
		.padding(0.3)
	const x = scaleLinear()
		.domain([0, 1])
		.range([labelWidth, width - 150])
		.clamp(true)
	return (
		<figure>
			<svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title} className="w-full">
				{bars.map((b, i) => {
					const top = y(`${i}`) ?? 0
					const share = b.limit > 0 ? b.used / b.limit : 0
					return (
						<g key={b.label}>
							<text x={0} y={top + y.bandwidth() / 2 + 5} fontSize={13} fill="#0f172a">
								{b.label.length > 24 ? `${b.label.slice(0, 23)}…` : b.label}
							</text>
							<rect x={labelWidth} y={top} width={x(1) - labelWidth} height={y.bandwidth()} rx={4} fill="#e2e8f0" />
							<rect
								x={labelWidth}
								y={top}
								width={Math.max(0, x(share) - labelWidth)}
								height={y.bandwidth()}
								rx={4}
								fill={share >= 0.9 ? '#b91c1c' : '#1d4ed8'}
							/>
							<text x={x(1) + 8} y={top + y.bandwidth() / 2 + 5} fontSize={12} fill="#334155">
								{`${formatNaira(b.used)} of ${formatNaira(b.limit)}`}
							</text>
						</g>
					)
				})}
			</svg>
			<figcaption className="sr-only">{title}</figcaption>
		</figure>
	)
}
