/** The dashboard's areas; each shows only to a role that may open it, and only once it exists. */
export const NAV = [
	{ to: '/', label: 'Home', end: true, permission: null },
	{ to: '/products', label: 'Products', end: false, permission: null },
	{ to: '/mycover', label: 'My cover', end: false, permission: 'plans.view' },
	{ to: '/employees', label: 'Employees', end: false, permission: 'employees.view' },
	{ to: '/claims', label: 'Claims', end: false, permission: 'claims.view' },
	{ to: '/wallet', label: 'Wallet', end: false, permission: 'wallet.view' },
	{ to: '/transaction-history', label: 'Transactions', end: false, permission: 'transactions.view' },
	{ to: '/invoice', label: 'Invoices', end: false, permission: 'invoices.view' },
	{ to: '/settings', label: 'Settings', end: false, permission: null },
] as const

export function visibleNav(permissions: readonly string[]) {
	return NAV.filter((item) => item.permission === null || permissions.includes(item.permission))
}
