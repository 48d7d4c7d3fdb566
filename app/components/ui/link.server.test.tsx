import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { Link as RouterLink, NavLink as RouterNavLink, StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router'
import { describe, expect, test } from 'vitest'
import { Link, NavLink, plainHref } from './link.server.tsx'

// The server's links must write exactly what React Router's write (decision 140): the browser hydrates the
// page with React Router's own, and any difference would be a mismatch. Each case is rendered both ways on
// a page at `path`, as React Router renders a document.
async function render(path: string, element: ReactNode) {
	const handler = createStaticHandler([{ path: '*', Component: () => element }])
	const context = await handler.query(new Request(`http://portal.test${path}`))
	if (context instanceof Response) throw new Error('unexpected response')
	const router = createStaticRouter(handler.dataRoutes, context)
	return renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />)
}

/** The markup with each tag's attributes in name order, so that two orders of the same props compare equal. */
function normalized(html: string) {
	return html.replace(/<([a-z]+)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*(\/?)>/g, (_tag, name: string, attributes: string, slash: string) => {
		const sorted = (attributes.match(/[^\s=>]+(?:="[^"]*")?/g) ?? []).sort().join(' ')
		return `<${name}${sorted ? ` ${sorted}` : ''}${slash}>`
	})
}

const noop = () => undefined
const linkCases: [string, Parameters<typeof RouterLink>[0]][] = [
	['home', { to: '/', children: 'Home' }],
	['a page', { to: '/employees', className: 'font-medium underline', children: 'Staff' }],
	['a search', { to: '/employees?status=pending', children: 'Pending' }],
	['a search and a hash', { to: '/invoice/1?page=2#due', children: 'Due' }],
	['a lone ? and #', { to: '/claims?#', children: 'Claims' }],
	['a trailing slash', { to: '/mycover/', children: 'Cover' }],
	['a dotted segment', { to: '/documents/policy-1.pdf', children: 'PDF' }],
	[
		'the link-only props',
		{
			to: '/wallet',
			replace: true,
			state: { from: 'home' },
			preventScrollReset: true,
			reloadDocument: true,
			onClick: noop,
			viewTransition: true,
			prefetch: 'intent',
			relative: 'path',
			children: 'Wallet',
		},
	],
	[
		'a target and no discovery',
		{ to: '/help', target: '_blank', rel: 'noreferrer', discover: 'none', 'aria-label': 'Help', children: 'Help' },
	],
	// These go to React Router's own component.
	['a relative path', { to: 'details', children: 'Details' }],
	['a parent path', { to: '../up', children: 'Up' }],
	['an object', { to: { pathname: '/products', search: '?line=auto' }, children: 'Auto' }],
	['a dot segment', { to: '/a/./b/../c', children: 'C' }],
	['a double slash', { to: '/a//b', children: 'B' }],
	['a space', { to: '/a b', children: 'Space' }],
	['an absolute URL', { to: 'https://example.com/x', children: 'Out' }],
	['a prefetch that renders', { to: '/products', prefetch: 'render', children: 'Products' }],
]

describe('Link on the server writes what React Router writes', () => {
	test.each(linkCases)('%s', async (_name, props) => {
		const theirs = await render('/employees/42', <RouterLink {...props} />)
		expect(theirs).toContain('<a ')
		expect(normalized(await render('/employees/42', <Link {...props} />))).toBe(normalized(theirs))
	})

	test('plain paths are written as they are, and only they', () => {
		expect(plainHref('/employees?status=pending')).toBe('/employees?status=pending')
		expect(plainHref('/claims?#')).toBe('/claims')
		for (const to of ['details', '../up', '/a/./b', '/a/../b', '/a//b', '//evil.example', '/a b', '/caf%C3%A9', 'https://x.test/', '']) {
			expect(plainHref(to)).toBeNull()
		}
		expect(plainHref({ pathname: '/x' })).toBeNull()
	})
})

const navCases: [string, string, Parameters<typeof RouterNavLink>[0]][] = [
	['active on a page below', '/employees/42', { to: '/employees', children: 'Staff' }],
	['inactive with end on a page below', '/employees/42', { to: '/employees', end: true, children: 'Staff' }],
	['active with end on the page itself', '/employees', { to: '/employees', end: true, children: 'Staff' }],
	['home, inactive elsewhere', '/employees', { to: '/', end: true, children: 'Home' }],
	['home, active at home', '/', { to: '/', end: true, className: 'nav', children: 'Home' }],
	['case-insensitive by default', '/Employees', { to: '/employees', children: 'Staff' }],
	['case-sensitive when asked', '/Employees', { to: '/employees', caseSensitive: true, children: 'Staff' }],
	['a trailing slash', '/mycover/7', { to: '/mycover/', children: 'Cover' }],
	['a prefix that is not a parent', '/employees-archive', { to: '/employees', children: 'Staff' }],
	['a search', '/invoice', { to: '/invoice?status=due', children: 'Due' }],
	[
		'functions of the state',
		'/wallet',
		{
			to: '/wallet',
			className: ({ isActive, isPending }) => (isActive ? 'on' : isPending ? 'pending' : 'off'),
			style: ({ isActive }) => ({ fontWeight: isActive ? 700 : 400 }),
			children: ({ isActive, isTransitioning }) => `${isActive ? 'Here' : 'There'}${isTransitioning ? '…' : ''}`,
		},
	],
	['its own aria-current', '/claims', { to: '/claims', 'aria-current': 'step', className: 'tab', children: 'Claims' }],
	['a relative path (the router’s)', '/claims/1', { to: 'notes', children: 'Notes' }],
]

describe('NavLink on the server writes what React Router writes', () => {
	test.each(navCases)('%s', async (_name, path, props) => {
		const theirs = await render(path, <RouterNavLink {...props} />)
		expect(theirs).toContain('<a ')
		expect(normalized(await render(path, <NavLink {...props} />))).toBe(normalized(theirs))
	})

	test('the cases include an active and an inactive link', async () => {
		expect(await render('/employees/42', <NavLink to="/employees">Staff</NavLink>)).toContain('aria-current="page"')
		expect(await render('/employees/42', <NavLink to="/claims">Claims</NavLink>)).not.toContain('aria-current')
	})
})
