import { ArrowLeft, Bell, Menu, X } from '#app/components/ui/icons.tsx'
import type { ReactNode } from 'react'
import { Form, useLocation } from 'react-router'
import { Link, NavLink } from '#app/components/ui/link.tsx'
import { Brand } from './layouts.tsx'

// The signed-in layouts, apart from the auth ones so their icons and menu never load on /login or /register.

/** `business` is null for an individual, whose customer is themselves. */
export type ShellUser = { first_name: string; last_name: string; business: string | null }
export type NavItem = { to: string; label: string; end: boolean }

/**
 * Signing out forgets the account draft (spec section 4; app/client/account-draft.ts). Below 640 px it is
 * the menu's last item, so that the header's row holds the brand, the bell and the menu without wrapping.
 */
function SignOut({ className, buttonClassName = '' }: { className: string; buttonClassName?: string }) {
	return (
		<Form method="post" action="/logout" replace onSubmit={() => localStorage.removeItem('account_draft')} className={className}>
			<button
				type="submit"
				className={`min-h-11 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 ${buttonClassName}`}
			>
				Sign out
			</button>
		</Form>
	)
}

/**
 * The bell (docs/decisions/114-notifications.md): a link to /notifications, so it works without
 * JavaScript, with the number of unread ones.
 */
function NotificationBell({ unread }: { unread: number }) {
	const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'
	return (
		<Link
			to="/notifications"
			aria-label={label}
			title={label}
			data-tour="bell"
			className="relative flex min-h-11 min-w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
		>
			<Bell aria-hidden className="size-5" />
			{unread > 0 ? (
				<span
					aria-hidden
					className="absolute top-1 right-0.5 min-w-5 rounded-full bg-danger-700 px-1 text-center text-xs leading-5 font-semibold text-white"
				>
					{unread > 99 ? '99+' : unread}
				</span>
			) : null}
		</Link>
	)
}

/**
 * Who is signed in, and for which business. In the header's row (`oneLine`) each is cut with an ellipsis
 * rather than wrapped, the whole of both in its title; in the menu they wrap.
 */
function Account({ user, className, oneLine = false }: { user: ShellUser; className: string; oneLine?: boolean }) {
	const name = `${user.first_name} ${user.last_name}`
	const line = oneLine ? 'block truncate' : 'block'
	return (
		<p className={`text-sm ${className}`} title={oneLine ? (user.business ? `${name}, ${user.business}` : name) : undefined}>
			<span className={`${line} font-medium`}>{name}</span>
			{user.business ? <span className={`${line} text-slate-600`}>{user.business}</span> : null}
		</p>
	)
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
	`flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'}`

function NavList({ nav, className }: { nav: readonly NavItem[]; className: string }) {
	return (
		<nav aria-label="Main">
			<ul className={className}>
				{nav.map((item) => (
					<li key={item.to}>
						<NavLink to={item.to} end={item.end} className={navLinkClass}>
							{item.label}
						</NavLink>
					</li>
				))}
			</ul>
		</nav>
	)
}

/**
 * Below 1024 px (and on every more-view screen) the areas sit behind a Menu button: a <details>, so it
 * opens without JavaScript, and an inner page is never a dead end on a phone.
 */
function MobileMenu({ user, nav, className = 'lg:hidden' }: { user: ShellUser; nav: readonly NavItem[]; className?: string }) {
	// A new details element per page, so a menu left open closes once a link in it was followed.
	const location = useLocation()
	return (
		<details key={location.key} className={`group relative ${className}`}>
			<summary className="flex min-h-11 cursor-pointer items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
				<Menu aria-hidden className="size-5 group-open:hidden" />
				<X aria-hidden className="hidden size-5 group-open:block" />
				Menu
			</summary>
			<div className="absolute right-0 z-20 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
				<Account user={user} className="border-b border-slate-100 px-3 pt-1 pb-2" />
				<NavList nav={nav} className="mt-1 space-y-0.5" />
				<SignOut className="mt-1 border-t border-slate-100 pt-1 sm:hidden" buttonClassName="w-full text-left" />
			</div>
		</details>
	)
}

function Footer() {
	return (
		<footer className="mx-auto flex max-w-6xl gap-4 px-4 pt-4 pb-8 text-sm text-slate-600">
			<Link to="/rewards" className="underline hover:text-slate-900">
				Rewards
			</Link>
			<Link to="/icons" className="underline hover:text-slate-900">
				Design system
			</Link>
		</footer>
	)
}

/** The main screens: navigation, the account, and the page. */
export function DashboardLayout({
	user,
	nav,
	unread,
	children,
}: {
	user: ShellUser
	nav: readonly NavItem[]
	unread: number
	children: ReactNode
}) {
	return (
		<div className="min-h-dvh">
			{/* From 1024 px the areas have a row of their own under the brand and the account: in one row with
			    them, nine areas pushed the page sideways at 1024 px and wrapped the account's words up to 1366. */}
			<header className="border-b border-slate-200 bg-white">
				<div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3 lg:py-2">
					<Brand />
					<div className="flex min-w-0 items-center gap-1">
						<Account user={user} className="hidden min-w-0 text-right lg:block" oneLine />
						<NotificationBell unread={unread} />
						<SignOut className="hidden sm:block" />
						<MobileMenu user={user} nav={nav} />
					</div>
				</div>
				<div className="mx-auto hidden max-w-6xl px-1 pb-2 lg:block">
					<NavList nav={nav} className="flex gap-1" />
				</div>
			</header>
			<main id="main" className="mx-auto max-w-6xl px-4 py-6">
				{children}
			</main>
			<Footer />
		</div>
	)
}

export type BackLink = { to: string; label: string }

/** A screen opened from another: a way back to where the user came from, the areas, and the page. */
export function MoreViewLayout({
	user,
	nav,
	unread,
	back,
	children,
}: {
	user: ShellUser
	nav: readonly NavItem[]
	unread: number
	back: BackLink
	children: ReactNode
}) {
	return (
		<div className="min-h-dvh">
			<header className="border-b border-slate-200 bg-white">
				<div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-3">
					<Link
						to={back.to}
						className="flex min-h-11 items-center gap-1 rounded-md px-2 py-2 text-sm font-medium text-brand-700 hover:bg-slate-100"
					>
						<ArrowLeft aria-hidden className="size-4" />
						{back.label}
					</Link>
					<div className="flex items-center gap-1">
						<NotificationBell unread={unread} />
						<SignOut className="hidden sm:block" />
						<MobileMenu user={user} nav={nav} className="" />
					</div>
				</div>
			</header>
			<main id="main" className="mx-auto max-w-3xl px-4 py-6">
				{children}
			</main>
		</div>
	)
}
