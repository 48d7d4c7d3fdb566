import { type ComponentProps, createElement } from 'react'
import { Link as RouterLink, NavLink as RouterNavLink, useLocation, type NavLinkRenderProps } from 'react-router'

/**
 * The server's `Link` and `NavLink` (scripts/server-links.ts puts this module in place of `link.tsx` in
 * the server's build; decision 140): the markup React Router's would make, without the router's work
 * where that work cannot change it.
 *
 * On the server a link only becomes `<a href>`: its click handler, ref and prefetch handlers are never
 * written out. React Router still resolves each link's path twice, against the route's matches, and runs
 * the click handler's and the navigation's hooks: 15% of the rendering thread's time on signed-in home, for
 * its 54 links. A path from the root made of plain segments resolves to itself, so this writes it as it
 * is. Anything else (a relative path, an object, a mask, a prefetch that renders tags, characters the
 * router would encode) goes to the router's own component. The browser hydrates the same markup with the
 * router's links; link.server.test.tsx keeps the two the same, attributes included, which React's
 * production build does not check.
 */

/** A path from the root of plain segments (no `.`/`..`, no empty one), then any search and hash. */
const PLAIN = /^(\/(?:[\w~-][\w.~-]*(?:\/[\w~-][\w.~-]*)*\/?)?)(\?[^#]*)?(#.*)?$/

/** The href React Router gives `to` under basename `/`, or null where only the router can tell. */
export function plainHref(to: unknown): string | null {
	if (typeof to !== 'string') return null
	const parts = PLAIN.exec(to)
	if (!parts) return null
	const [, pathname, search = '', hash = ''] = parts
	return pathname! + (search === '?' ? '' : search) + (hash === '#' ? '' : hash)
}

type LinkProps = ComponentProps<typeof RouterLink>
type NavLinkProps = ComponentProps<typeof RouterNavLink>
type Props = Record<string, unknown>

/** The href to write, or null where the router is needed: a `to` it cannot read as is, a mask, or a prefetch that renders tags. */
function hrefToWrite(props: LinkProps | NavLinkProps): string | null {
	if (props.mask !== undefined || props.prefetch === 'render') return null
	return plainHref(props.to)
}

/** Link's own props: what it reads, never written to the anchor. */
const LINK_ONLY = new Set([
	'onClick',
	'discover',
	'prefetch',
	'relative',
	'reloadDocument',
	'replace',
	'mask',
	'state',
	'target',
	'to',
	'preventScrollReset',
	'viewTransition',
	'defaultShouldRevalidate',
	'ref',
])

export function ServerLink(props: LinkProps) {
	const href = hrefToWrite(props)
	return href === null ? <RouterLink {...props} /> : anchor(props as unknown as Props, href)
}

/**
 * The anchor React Router's Link writes on the server. Its props are copied key by key: a rest pattern
 * naming fourteen props, then a spread, took longer than all the rest of a link's rendering.
 */
function anchor(props: Props, href: string) {
	const attributes: Props = {}
	for (const key in props) if (!LINK_ONLY.has(key)) attributes[key] = props[key]
	attributes.href = href
	attributes.target = props.target
	attributes['data-discover'] = (props.discover ?? 'render') === 'render' ? 'true' : undefined
	return createElement('a', attributes)
}

/** NavLink's own props, which it turns into the link's. */
const NAV_LINK_ONLY = new Set(['aria-current', 'caseSensitive', 'className', 'end', 'style', 'children'])

export function ServerNavLink(props: NavLinkProps) {
	const location = useLocation()
	const href = hrefToWrite(props)
	if (href === null) return <RouterNavLink {...props} />
	// As the router: the path alone, compared with the location's, and no navigation under way on the server.
	let toPathname = href.replace(/[?#].*$/, '')
	let locationPathname = location.pathname
	if (!props.caseSensitive) {
		locationPathname = locationPathname.toLowerCase()
		toPathname = toPathname.toLowerCase()
	}
	const endSlash = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length
	const isActive =
		locationPathname === toPathname || (!props.end && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlash) === '/')
	const state: NavLinkRenderProps = { isActive, isPending: false, isTransitioning: false }
	const { className = '', style, children } = props
	const link: Props = {}
	for (const key in props) if (!NAV_LINK_ONLY.has(key)) link[key] = props[key as keyof NavLinkProps]
	link['aria-current'] = isActive ? (props['aria-current'] ?? 'page') : undefined
	link.className = typeof className === 'function' ? className(state) : [className, isActive ? 'active' : null].filter(Boolean).join(' ')
	link.style = typeof style === 'function' ? style(state) : style
	link.children = typeof children === 'function' ? children(state) : children
	return anchor(link, href)
}

export const Link = ServerLink as typeof RouterLink
export const NavLink = ServerNavLink as typeof RouterNavLink
