import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'

/** The desk's own frame: not a customer's dashboard, and it says whose desk it is. */
export function DeskFrame({ name, children }: { name: string | null; children: ReactNode }) {
	return (
		<div className="min-h-screen bg-slate-50">
			<header className="border-b border-slate-200 bg-slate-900 text-white">
				<div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
					<nav aria-label="Desk" className="flex flex-wrap items-center gap-4">
						<Link to="/ops" className="font-semibold">
							Claims desk
						</Link>
						{/* Signed out, the desk's lists would only lead back to its sign-in. */}
						{name ? (
							<>
								<Link to="/ops/inspections" className="text-sm underline">
									Inspections
								</Link>
								<Link to="/ops/invoices" className="text-sm underline">
									Invoices
								</Link>
							</>
						) : null}
					</nav>
					{name ? (
						<Form method="post" action="/ops/logout" className="flex items-center gap-3 text-sm">
							<span>{name}</span>
							<button type="submit" className="underline">
								Sign out
							</button>
						</Form>
					) : null}
				</div>
			</header>
			<main id="main" className="mx-auto max-w-6xl px-4 py-6">
				{children}
			</main>
		</div>
	)
}
