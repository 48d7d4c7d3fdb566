import type { ReactNode } from 'react'
import { Form, Link, NavLink } from 'react-router'

function Brand() {
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
			<Brand />
			<main id="main" className="mt-6 w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
				{children}
			</main>
		</div>
	)
}

/** A single task with no navigation around it. */
export function PlainViewLayout({ children }: { children: ReactNode }) {
	return (
		<div className="flex min-h-dvh flex-col items-center px-4 py-8 sm:py-16">
			<Brand />
			<main id="main" className="mt-6 w-full max-w-md">
				{children}
			</main>
		</div>
	)
}

export type ShellUser = { first_name: string; last_name: string; business: string }
export type NavItem = { to: string; label: string; end: boolean }

function SignOut() {
	return (
		<Form method="post" action="/logout" replace>
			<button type="submit" className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
				Sign out
			</button>
		</Form>
	)
}

/** The main screens: navigation, the account, and the page. */
export function DashboardLayout({ user, nav, children }: { user: ShellUser; nav: readonly NavItem[]; children: ReactNode }) {
	return (
		<div className="min-h-dvh">
			<header className="border-b border-slate-200 bg-white">
				<div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
					<Brand />
					<nav aria-label="Main" className="order-3 w-full lg:order-none lg:w-auto">
						<ul className="flex flex-wrap gap-1">
							{nav.map((item) => (
								<li key={item.to}>
									<NavLink
										to={item.to}
										end={item.end}
										className={({ isActive }) =>
											`block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'}`
										}
									>
										{item.label}
									</NavLink>
								</li>
							))}
						</ul>
					</nav>
					<div className="flex items-center gap-2">
						<p className="hidden text-right text-sm sm:block">
							<span className="block font-medium">
								{user.first_name} {user.last_name}
							</span>
							<span className="block text-slate-600">{user.business}</span>
						</p>
						<SignOut />
					</div>
				</div>
			</header>
			<main id="main" className="mx-auto max-w-6xl px-4 py-6">
				{children}
			</main>
		</div>
	)
}

/** A screen opened from another: a way back, a title, and the page. */
export function MoreViewLayout({ children }: { children: ReactNode }) {
	return (
		<div className="min-h-dvh">
			<header className="border-b border-slate-200 bg-white">
				<div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-3">
					<Link to="/" className="rounded-md px-2 py-2 text-sm font-medium text-brand-700 hover:bg-slate-100">
						← Back to home
					</Link>
					<SignOut />
				</div>
			</header>
			<main id="main" className="mx-auto max-w-3xl px-4 py-6">
				{children}
			</main>
		</div>
	)
}
