import { formatNaira } from '#app/lib/money.ts'

export type UsageBar = { label: string; used: number; limit: number }

/** From this share of a limit on, its bar is drawn in the danger colour. */
const NEAR_LIMIT = 0.9

/**
 * Bars of what was used against each limit: the limit as a pale track, the used part over it, with the
 * name and the figures as text above each bar. Drawn in HTML rather than as one scaled picture, so the text
 * keeps its size on a 360 px phone (an SVG 640 units wide drew it at half size there), and no chart code
 * reaches the browser.
 */
export function UsageChart({ title, bars }: { title: string; bars: readonly UsageBar[] }) {
	return (
		<ul aria-label={title} className="space-y-3">
			{bars.map((b) => {
				const share = b.limit > 0 ? Math.min(1, Math.max(0, b.used / b.limit)) : 0
				return (
					<li key={b.label}>
						<p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
							<span className="min-w-0 font-medium break-words text-slate-900">{b.label}</span>
							<span className="whitespace-nowrap text-slate-600">{`${formatNaira(b.used)} of ${formatNaira(b.limit)}`}</span>
						</p>
						<div aria-hidden className="mt-1 h-2.5 overflow-hidden rounded-full bg-slate-200" data-share={share.toFixed(3)}>
							<div
								className={`h-full rounded-full ${share >= NEAR_LIMIT ? 'bg-danger-700' : 'bg-brand-600'}`}
								style={{ width: `${(share * 100).toFixed(1)}%` }}
							/>
						</div>
					</li>
				)
			})}
		</ul>
	)
}
