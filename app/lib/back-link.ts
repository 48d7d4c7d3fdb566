import { NAV } from './navigation.ts'
import { safeReturnUrl } from './return-url.ts'

// The more-view layout's way back (docs/decisions/046-phone-navigation-and-back-link.md): where the
// user came from, said by a `from` parameter or a same-origin Referer, else the screen's parent area.

/** Screens whose parent is not the path one segment up. */
const PARENTS: Array<[RegExp, string | ((m: RegExpMatchArray) => string)]> = [
	[/^\/(fund-wallet|withdraw|manage-card)$/, '/wallet'],
	[/^\/update\/kyc$/, '/'],
	[/^\/settings\/edit\/[^/]+$/, '/settings?tab=team'],
	[/^\/register\/([^/]+)\/payment$/, (m) => `/products/${m[1]}`],
	[/^\/import-staff$/, '/employees'],
	// A custodian's screens name no policy of My cover in their path; /mycover/custodian alone finds none.
	[/^\/mycover\/custodian\/.+$/, '/mycover'],
	[/^\/manage-custodian\/[^/]+\/add$/, '/mycover'],
	[/^\/manage-custodian\/([^/]+)\/activate$/, (m) => `/manage-custodian/${m[1]}/add`],
	[/^\/pre-inspection\/([^/]+)$/, (m) => `/mycover/${m[1]}`],
]

export function parentPath(pathname: string) {
	for (const [pattern, parent] of PARENTS) {
		const match = pathname.match(pattern)
		if (match) return typeof parent === 'string' ? parent : parent(match)
	}
	const up = pathname.replace(/\/[^/]+\/?$/, '')
	return up || '/'
}

/** 'Back to Wallet' when the place is a named area, else a plain 'Back'. */
export function backLabel(path: string) {
	const pathname = path.split(/[?#]/)[0]
	const area = NAV.find((item) => (item.end ? pathname === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`)))
	if (!area) return 'Back'
	return area.to === pathname ? `Back to ${area.label === 'Home' ? 'home' : area.label}` : 'Back'
}

/** The back link of a more-view screen, from its request: never another site, never the screen itself. */
export function backLink(requestUrl: string, referer: string | null) {
	const url = new URL(requestUrl)
	const candidates = [url.searchParams.get('from'), sameOriginPath(referer, url.origin)]
	for (const candidate of candidates) {
		const path = safeReturnUrl(candidate, '')
		if (path && path.split(/[?#]/)[0] !== url.pathname) return { to: path, label: backLabel(path) }
	}
	const parent = parentPath(url.pathname)
	return { to: parent, label: backLabel(parent) }
}

function sameOriginPath(referer: string | null, origin: string) {
	if (!referer) return null
	try {
		const ref = new URL(referer)
		return ref.origin === origin ? `${ref.pathname}${ref.search}` : null
	} catch {
		return null
	}
}
