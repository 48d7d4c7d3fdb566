import { X } from '#app/components/ui/icons.tsx'
import { useEffect, useState } from 'react'

// The dashboard's guided tour (docs/decisions/113-guided-tour.md). Loaded only when it is to show,
// never modal and never taking the focus: a panel in a corner, first in the page's tab order, that
// points at one part of the page at a time, moved by keyboard or mouse, dismissed by Escape, its close
// button or Skip. Finishing or dismissing it is remembered on the server, so it shows once.

export type TourStep = { target: string; title: string; text: string }

export const TOUR_STEPS: readonly TourStep[] = [
	{
		target: 'nav[aria-label="Main"]',
		title: 'Your areas',
		text: 'Products, your cover, claims, the wallet and settings are one click away.',
	},
	{ target: '#figures-heading + ul', title: 'At a glance', text: 'Your wallet, cover and what is due. Each figure opens its screen.' },
	{ target: '[data-tour="bell"]', title: 'Notifications', text: 'Claims, payments and your team: the bell counts what is new.' },
	{ target: '#todos-heading', title: 'To do', text: 'What your account still needs, with a link to each.' },
	{ target: 'a[href="/rewards"]', title: 'Rewards', text: 'Share your referral link and earn a reward in your wallet.' },
]

const HIGHLIGHT = ['outline', 'outline-2', 'outline-offset-4', 'outline-brand-700', 'rounded-md']

export default function Tour() {
	const [step, setStep] = useState(0)
	const [open, setOpen] = useState(true)
	const current = TOUR_STEPS[step]!

	// The part of the page the step is about is outlined and scrolled into view, then let go.
	useEffect(() => {
		if (!open) return
		const target = document.querySelector<HTMLElement>(current.target)
		if (!target) return
		target.classList.add(...HIGHLIGHT)
		target.scrollIntoView({ block: 'nearest' })
		return () => target.classList.remove(...HIGHLIGHT)
	}, [current, open])

	if (!open) return null
	const end = () => {
		setOpen(false)
		// A plain request to the resource route: React Router's fetcher would grow the chunk every page loads first.
		void fetch('/tour', { method: 'POST' }).catch(() => {})
	}
	const last = step === TOUR_STEPS.length - 1
	return (
		<div
			role="dialog"
			aria-modal="false"
			aria-labelledby="tour-title"
			aria-describedby="tour-text"
			onKeyDown={(event) => {
				if (event.key === 'Escape') end()
			}}
			className="fixed right-4 bottom-4 z-30 w-80 rounded-xl border border-slate-200 bg-white p-4 shadow-xl"
		>
			<div className="flex items-start justify-between gap-3">
				<h2 id="tour-title" className="font-semibold">
					{current.title}
				</h2>
				<button type="button" onClick={end} aria-label="Close the tour" className="-m-2 rounded p-2 text-slate-600 hover:bg-slate-100">
					<X aria-hidden className="size-4" />
				</button>
			</div>
			<p id="tour-text" className="mt-1 text-sm text-slate-700">
				{current.text}
			</p>
			<div className="mt-4 flex items-center justify-between gap-2">
				<span className="text-xs text-slate-600">
					Step {step + 1} of {TOUR_STEPS.length}
				</span>
				<div className="flex gap-2">
					{step > 0 ? (
						<button
							type="button"
							onClick={() => setStep(step - 1)}
							className="rounded-md px-3 py-1.5 text-sm font-medium hover:bg-slate-100"
						>
							Back
						</button>
					) : (
						<button type="button" onClick={end} className="rounded-md px-3 py-1.5 text-sm font-medium hover:bg-slate-100">
							Skip tour
						</button>
					)}
					<button
						type="button"
						onClick={() => (last ? end() : setStep(step + 1))}
						className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
					>
						{last ? 'Done' : 'Next'}
					</button>
				</div>
			</div>
		</div>
	)
}
