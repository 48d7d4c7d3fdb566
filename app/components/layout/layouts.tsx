import type { ReactNode } from 'react'
import { Link } from '#app/components/ui/link.tsx'

/** The portal's name and shield, linking home. */
export function Brand() {
	return (
		<Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-800">
			<svg aria-hidden viewBox="0 0 24 24" className="size-7 fill-brand-700">
				<path d="M12 2 3 6v6c0 5 3.8 9.4 9 10 5.2-.6 9-5 9-10V6l-9-4Z" />
			</svg>
			Cover Portal
		</Link>
	)
}

/** Sign-in, registration and recovery: one centred card. */
export function AuthLayout({ children }: { children: ReactNode }) {
	return (
		<div className="flex min-h-dvh flex-col items-center px-4 py-8 sm:py-16">
			{/* A landmark of its own, so that all of the page is within one. */}
			<header>
				<Brand />
			</header>
			<main id="main" className="mt-6 w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
				{children}
			</main>
		</div>
	)
}

/** A single task with no navigation around it. */
export function PlainViewLayout({
	children,
	wide = false,
}: {
	children: ReactNode
	/** For reading: a guide with code. */
	wide?: boolean
}) {
	return (
		<div className="flex min-h-dvh flex-col items-center px-4 py-8 sm:py-16">
			{/* A landmark of its own, so that all of the page is within one. */}
			<header>
				<Brand />
			</header>
			<main id="main" className={`mt-6 w-full ${wide ? 'max-w-3xl' : 'max-w-md'}`}>
				{children}
			</main>
		</div>
	)
}
