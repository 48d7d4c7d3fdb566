/**
 * The dashboard's areas; each shows only to a role that may open it. Staff and their invoices are a
 * business's alone (staff plans are, decision 155): an individual's account has no such areas.
 */
export const NAV = [
	{ to: '/', label: 'Home', end: true, permission: null, business: false },
	{ to: '/products', label: 'Products', end: false, permission: null, business: false },
	{ to: '/mycover', label: 'My cover', end: false, permission: 'plans.view', business: false },
	{ to: '/employees', label: 'Employees', end: false, permission: 'employees.view', business: true },
	{ to: '/claims', label: 'Claims', end: false, permission: 'claims.view', business: false },
	{ to: '/wallet', label: 'Wallet', end: false, permission: 'wallet.view', business: false },
	{ to: '/transaction-history', label: 'Transactions', end: false, permission: 'transactions.view', business: false },
	{ to: '/invoice', label: 'Invoices', end: false, permission: 'invoices.view', business: true },
	{ to: '/settings', label: 'Settings', end: false, permission: null, business: false },
] as const

export function visibleNav(permissions: readonly string[], kind: 'business' | 'individual') {
	return NAV.filter(
		(item) => (item.permission === null || permissions.includes(item.permission)) && (kind === 'business' || !item.business),
	)
}
