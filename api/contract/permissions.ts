/**
 * The permission catalogue. Names are lowercased, as the portal keeps them (spec section 6).
 */
export const PERMISSIONS = {
	'business.view': 'See the business profile and KYC details',
	'business.manage': 'Edit the business profile, KYC and CAC details',
	'team.view': 'See team members and invitations',
	'team.manage': 'Invite, edit and deactivate team members',
	'roles.manage': 'Create, edit and delete roles',
	'activities.view': 'See the activity log',
	'wallet.view': 'See the wallet balance and cards',
	'wallet.fund': 'Fund the wallet',
	'wallet.withdraw': 'Withdraw from the wallet',
	'cards.manage': 'Save and remove payment cards',
	'transactions.view': 'See transactions and receipts',
	'invoices.view': 'See invoices',
	'employees.view': 'See staff and dependants',
	'employees.manage': 'Add, edit and remove staff and dependants',
	'plans.view': 'See cover plans and policies',
	'plans.manage': 'Buy, renew and change cover plans',
	'claims.view': 'See claims',
	'claims.manage': 'Make and manage claims',
	'products.buy': 'Buy cover',
} as const

/**
 * The insurer's claims desk (docs/decisions/071-claims-desk-operators.md): held only by the desk's
 * own operator role, never offered to a business's roles.
 */
export const OPERATOR_PERMISSIONS = {
	'desk.review': 'Review claims and pre-inspections, send offers',
	'desk.pay': 'Approve and pay claim payouts',
} as const
export type OperatorPermission = keyof typeof OPERATOR_PERMISSIONS

export type Permission = keyof typeof PERMISSIONS | OperatorPermission
/** Every permission a business's role may hold. */
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Array<keyof typeof PERMISSIONS>
