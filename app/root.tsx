import { Suspense, lazy, useEffect, useMemo, useState } from 'react'
import {
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	data,
	isRouteErrorResponse,
	useLoaderData,
	useLocation,
	useRouteError,
	useRouteLoaderData,
} from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import type { Route } from './+types/root'
import { AppShellEffects, OfflineBanner, useOfflineSubmitNotice } from './client/app-shell.tsx'
import { KIT_QUERY } from './lib/kit.ts'
import { Toasts, useActionNotifications } from './components/ui/toasts.tsx'
import { MESSAGES } from './lib/errors.ts'
import { portalEnv } from './server/env.server.ts'
import { useNonce } from './lib/nonce.ts'
import { apiMiddleware } from './server/middleware.server.ts'
import { readToasts } from './server/toast.server.ts'
import { attributionHeader } from './server/attribution.server.ts'
import { AppStylesheet } from './lib/stylesheet.ts'

export const middleware: Route.MiddlewareFunction[] = [apiMiddleware]

export const links: Route.LinksFunction = () => [
	{ rel: 'manifest', href: '/manifest.webmanifest' },
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request }: Route.LoaderArgs) {
	const { toasts, headers: toastHeaders } = await readToasts(request)
	// A referral or campaign link is remembered until sign-up (docs/decisions/111-attribution.md).
	const attribution = await attributionHeader(request)
	const headers = new Headers(toastHeaders ?? undefined)
	if (attribution) headers.append('Set-Cookie', attribution)
	const { demo, errorReporting } = portalEnv()
	const url = new URL(request.url)
	// The kit's payload on an app-shell route (spec section 2); the kit's own pages carry it themselves.
	const kitPayload = url.pathname === '/kit' || url.pathname.startsWith('/kit/') ? null : url.searchParams.get(KIT_QUERY)
	return data({ toasts, demo, errorReporting, kitPayload }, { headers })
}

/**
 * A demo says so on every page, and where its mail went (docs/decisions/033-demo-mode.md): in a landmark
 * of its own, so a screen reader's tour of the page's regions reaches it.
 */
function DemoBanner() {
	return (
		<aside aria-label="Demo">
			<p role="note" className="bg-amber-100 px-4 py-1.5 text-center text-sm text-amber-950">
				Demo: payments are simulated,{' '}
				<a href="/dev/outbox" className="font-semibold underline">
					mail stays here
				</a>
			</p>
		</aside>
	)
}

export function Layout({ children }: { children: React.ReactNode }) {
	const root = useRouteLoaderData<typeof loader>('root')
	const demo = root?.demo
	const kitPayload = root?.kitPayload
	const nonce = useNonce()
	return (
		<html lang="en-NG">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="theme-color" content="#065f46" />
				{/* Ahead of the scripts' preloads (decision 129); inline on a first page (decision 130). */}
				<AppStylesheet />
				<Meta />
				<Links />
				{/* Parts that only make sense with JavaScript hide when it is off. */}
				<noscript>
					<style>{'.js-only{display:none!important}'}</style>
				</noscript>
				{/* Without JavaScript there is no frame to launch: the kit link opens the kit page itself. */}
				{kitPayload ? (
					<noscript
						// As raw HTML, so React does not hoist the meta out of the noscript; URLSearchParams escapes quotes and brackets.
						// biome-ignore lint/security/noDangerouslySetInnerHtml: the one value in it is URL-encoded
						dangerouslySetInnerHTML={{
							__html: `<meta http-equiv="refresh" content="0;url=/kit?${new URLSearchParams({ [KIT_QUERY]: kitPayload })}">`,
						}}
					/>
				) : null}
			</head>
			<body className="min-h-dvh">
				<a href="#main" className="skip-link">
					Skip to content
				</a>
				<OfflineBanner />
				{demo ? <DemoBanner /> : null}
				{children}
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

// The kit's frame code loads only when an address asks for the kit (docs/decisions/076-kit-frame.md).
const KitLauncher = lazy(() => import('./client/kit-launcher.tsx').then((m) => ({ default: m.KitLauncher })))

/** Mounts the kit launcher once `?inspectionSdk=` appears, and keeps it while its frame is open. */
function KitWhenAsked() {
	const asked = useLocation().search.includes(KIT_QUERY)
	const [mounted, setMounted] = useState(false)
	useEffect(() => {
		if (asked) setMounted(true)
	}, [asked])
	return mounted ? (
		<Suspense fallback={null}>
			<KitLauncher />
		</Suspense>
	) : null
}

/** Set once the browser started error reporting: the error boundary then reports through it. */
let reportingStarted = false

export default function App() {
	const { toasts, errorReporting } = useLoaderData<typeof loader>()
	const failed = useActionNotifications()
	// After the first paint, and only with a DSN: error reporting is chunks of its own, outside the first load.
	useEffect(() => {
		if (!errorReporting) return
		reportingStarted = true
		void import('./client/error-reporting.ts').then((m) => m.startBrowserErrorReporting(errorReporting))
	}, [errorReporting])
	const offline = useOfflineSubmitNotice()
	const all = useMemo(() => [...toasts, ...failed, ...offline], [toasts, failed, offline])
	return (
		<>
			<AppShellEffects />
			<KitWhenAsked />
			<Toasts toasts={all} />
			<Outlet />
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Cover Portal' }]

/** Spec section 2: 'Oops! Something Went Wrong', the status code, the message and Go Home. */
export function ErrorBoundary() {
	const error = useRouteError()
	let status: number | null = 500
	let message: string = MESSAGES.fallback
	if (isRouteErrorResponse(error)) {
		status = error.status
		message = typeof error.data === 'string' && error.data ? error.data : error.statusText || message
	} else if (typeof navigator !== 'undefined' && !navigator.onLine) {
		// A page or form asked for with the connection down never reached the server: no status (section 8).
		status = null
		message = MESSAGES.offline
	} else if (import.meta.env.DEV && error instanceof Error) {
		message = error.message
	}
	useEffect(() => {
		if (reportingStarted) void import('./client/error-reporting.ts').then((m) => m.reportBoundaryError(error, status))
	}, [error, status])
	return (
		<main id="main" className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
			<title>{status === null ? 'Oops! Something Went Wrong' : `${status} · Oops! Something Went Wrong`}</title>
			<h1 className="text-2xl font-bold">Oops! Something Went Wrong</h1>
			{status === null ? null : <p className="text-5xl font-bold text-brand-700">{status}</p>}
			<p className="text-slate-700">{message}</p>
			<Link to="/" reloadDocument className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 py-2 font-semibold text-white">
				Go Home
			</Link>
		</main>
	)
}
