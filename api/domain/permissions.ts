import { ALL_PERMISSIONS, type Permission } from '../contract/permissions.ts'

const READ_ONLY = ALL_PERMISSIONS.filter((p) => p.endsWith('.view'))

export const SEED_ROLES: ReadonlyArray<{ name: string; description: string; permissions: Permission[] }> = [
	{ name: 'Owner', description: 'Everything, including roles and the business itself', permissions: ALL_PERMISSIONS },
	{
		name: 'Admin',
		description: 'Everything except roles',
		permissions: ALL_PERMISSIONS.filter((p) => p !== 'roles.manage'),
	},
	{
		name: 'Finance',
		description: 'Wallet, invoices and transactions',
		permissions: ['business.view', 'wallet.view', 'wallet.fund', 'wallet.withdraw', 'cards.manage', 'transactions.view', 'invoices.view'],
	},
	{
		name: 'HR',
		description: 'Staff, plans and claims',
		permissions: [
			'business.view',
			'employees.view',
			'employees.manage',
			'plans.view',
			'plans.manage',
			'claims.view',
			'claims.manage',
			'products.buy',
		],
	},
	{ name: 'Viewer', description: 'Read only', permissions: READ_ONLY },
]

export function hasPermission(granted: readonly string[], needed: Permission) {
	return granted.includes(needed)
}
