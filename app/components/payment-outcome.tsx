import type { ReactNode } from 'react'

const TONES = {
	success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
	failed: 'border-red-200 bg-red-50 text-red-900',
	pending: 'border-amber-200 bg-amber-50 text-amber-900',
} as const

/** The page the payer sees back from the gateway: what happened, and where to go next. */
export function PaymentOutcome({
	status,
	title,
	text,
	children,
}: {
	status: keyof typeof TONES
	title: string
	text: string
	children: ReactNode
}) {
	return (
		<div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
			<h1 className="text-2xl font-bold">{title}</h1>
			<p role="status" className={`mt-4 rounded-md border px-3 py-2 ${TONES[status]}`}>
				{text}
			</p>
			<div className="mt-6 flex flex-wrap gap-3">{children}</div>
		</div>
	)
}
