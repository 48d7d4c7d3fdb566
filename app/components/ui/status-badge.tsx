import { CircleAlert, CircleCheck, CircleMinus, Clock, LoaderCircle } from '#app/components/ui/icons.tsx'
import { type StatusKind, type Tone, statusOf } from '#app/lib/statuses.ts'

/** Tinted backgrounds with the darkest text of the same hue: every pair passes WCAG AA for small text. */
export const TONE_CLASS: Record<Tone, string> = {
	success: 'bg-success-100 text-success-900',
	warning: 'bg-warning-100 text-warning-900',
	danger: 'bg-danger-100 text-danger-900',
	neutral: 'bg-slate-200 text-slate-800',
	info: 'bg-info-100 text-info-900',
}

// The shape says the same as the colour, for those who cannot tell the colours apart.
const TONE_ICON = { success: CircleCheck, warning: Clock, danger: CircleAlert, neutral: CircleMinus, info: LoaderCircle } as const

/** A status as a person reads it: the one map's label and colour, never the raw value. */
export function StatusBadge({ kind, status }: { kind: StatusKind; status: string }) {
	const { label, tone } = statusOf(kind, status)
	const Icon = TONE_ICON[tone]
	return (
		<span className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${TONE_CLASS[tone]}`}>
			<Icon aria-hidden className="size-3.5 shrink-0" strokeWidth={2.5} />
			{label}
		</span>
	)
}
