import { describe, expect, test } from 'vitest'
import { type AccountState, deriveTodos, isKycComplete, needsCacVerification } from './todos.ts'

// Cover bought, staff on a plan, nothing pending: none of the cover todos.
const settled = { hasCover: true, canBuy: true, pendingPolicies: [], canManagePlans: true, hasStaff: true, canManageStaff: true }
const fresh: AccountState = {
	kind: 'business',
	emailVerified: false,
	sector: null,
	businessType: null,
	cacVerified: false,
	canManageBusiness: true,
	walletFunded: true,
	canFundWallet: true,
	...settled,
}
const done: AccountState = {
	kind: 'business',
	emailVerified: true,
	sector: 'Healthcare',
	businessType: 'RC',
	cacVerified: false,
	canManageBusiness: true,
	walletFunded: true,
	canFundWallet: true,
	...settled,
}
const ids = (state: AccountState) => deriveTodos(state).map((t) => t.id)

describe('isKycComplete', () => {
	test('needs both a verified email and a sector', () => {
		expect(isKycComplete({ emailVerified: true, sector: 'Legal' })).toBe(true)
		expect(isKycComplete({ emailVerified: false, sector: 'Legal' })).toBe(false)
		expect(isKycComplete({ emailVerified: true, sector: null })).toBe(false)
		expect(isKycComplete({ emailVerified: true, sector: '' })).toBe(false)
	})
})

describe('needsCacVerification', () => {
	test('a business registered with the CAC, KYC done and not yet verified', () => {
		for (const businessType of ['BN', 'RC', 'IT'] as const) expect(needsCacVerification({ ...done, businessType })).toBe(true)
	})

	test('not when verified, unregistered, an individual, or KYC is not done', () => {
		expect(needsCacVerification({ ...done, cacVerified: true })).toBe(false)
		expect(needsCacVerification({ ...done, businessType: 'none' })).toBe(false)
		expect(needsCacVerification({ ...done, businessType: null })).toBe(false)
		expect(needsCacVerification({ ...done, kind: 'individual' })).toBe(false)
		expect(needsCacVerification({ ...done, emailVerified: false })).toBe(false)
		expect(needsCacVerification({ ...done, sector: null })).toBe(false)
	})
})

describe('deriveTodos', () => {
	test('a new business verifies its email, then completes KYC', () => {
		expect(ids(fresh)).toEqual(['verify-email', 'complete-kyc'])
		expect(deriveTodos(fresh)[1]).toEqual({
			id: 'complete-kyc',
			title: 'Complete your business details',
			description: 'Tell us your sector and address so we can issue cover.',
			href: '/update/kyc',
		})
	})

	test('an individual is asked for its own details', () => {
		expect(deriveTodos({ ...fresh, kind: 'individual' })[1]!.title).toBe('Complete your details')
	})

	test('each todo disappears when done', () => {
		expect(ids({ ...fresh, emailVerified: true })).toEqual(['complete-kyc'])
		expect(ids({ ...fresh, sector: 'Legal' })).toEqual(['verify-email'])
		expect(ids(done)).toEqual(['verify-cac'])
		expect(deriveTodos(done)[0]!.href).toBe('/?dialog=cac')
		expect(ids({ ...done, cacVerified: true })).toEqual([])
		expect(ids({ ...done, businessType: 'none' })).toEqual([])
		expect(ids({ ...done, kind: 'individual', businessType: null })).toEqual([])
	})

	test('CAC verification waits until the email is verified', () => {
		expect(ids({ ...done, emailVerified: false })).toEqual(['verify-email'])
	})
})

describe('todos for a member who may not manage the business', () => {
	test('the business details and the CAC are not theirs to do; their own email is', () => {
		expect(ids({ ...fresh, canManageBusiness: false })).toEqual(['verify-email'])
		expect(ids({ ...done, canManageBusiness: false })).toEqual([])
		expect(ids(done)).toEqual(['verify-cac'])
	})
})

describe('funding the wallet', () => {
	test('asked once KYC is done, until the wallet is funded, of members who may fund it', () => {
		const verified = { ...done, cacVerified: true }
		expect(ids({ ...verified, walletFunded: false })).toEqual(['fund-wallet'])
		expect(ids({ ...verified, walletFunded: false, canFundWallet: false })).toEqual([])
		expect(ids({ ...fresh, walletFunded: false })).toEqual(['verify-email', 'complete-kyc'])
	})
})

describe('cover todos', () => {
	const ready: AccountState = { ...done, cacVerified: true }
	const pending = [
		{ id: 'p1', kind: 'policy', productName: 'Gadget cover', policyNumber: 'CP-GDGT-2026-000001' },
		{ id: 'p2', kind: 'plan', productName: 'Zencare plus', policyNumber: 'CP-HLTH-2026-000002' },
	] as const

	test('a ready account with no cover is asked to buy some, and a business to add its staff', () => {
		expect(ids({ ...ready, hasCover: false, hasStaff: false })).toEqual(['buy-plan', 'add-staff'])
		expect(deriveTodos({ ...ready, hasCover: false })[0]).toMatchObject({ title: 'Buy your first cover', href: '/products' })
		expect(deriveTodos({ ...ready, hasStaff: false })[0]).toMatchObject({ title: 'Add your staff', href: '/import-staff' })
	})

	test('staff joining or leaving are a todo that opens the pending staff', () => {
		expect(deriveTodos({ ...ready, staffChangesPending: 3 }).at(-1)).toMatchObject({
			id: 'review-staff',
			description: '3 staff join or leave at the start of next month.',
			href: '/employees?status=pending',
		})
		expect(deriveTodos({ ...ready, staffChangesPending: 1_001 }).at(-1)).toMatchObject({
			description: 'More than 1,000 staff join or leave at the start of next month.',
		})
		expect(ids({ ...ready, staffChangesPending: 0 })).not.toContain('review-staff')
	})

	test('an individual has no staff to add', () => {
		expect(ids({ ...ready, kind: 'individual', hasCover: false, hasStaff: false })).toEqual(['buy-plan'])
	})

	test('only members who may buy or add staff are asked to, and only once KYC is done', () => {
		expect(ids({ ...ready, hasCover: false, canBuy: false, hasStaff: false, canManageStaff: false })).toEqual([])
		expect(ids({ ...ready, sector: null, canManageBusiness: false, hasCover: false, hasStaff: false })).toEqual([])
	})

	test('each pending policy is a todo linking to its activation; a staff plan to its staff sheet', () => {
		const todos = deriveTodos({ ...ready, pendingPolicies: pending })
		expect(todos).toEqual([
			{
				id: 'activate-p1',
				title: 'Activate Gadget cover',
				description: 'CP-GDGT-2026-000001 needs a few details before cover starts.',
				href: '/mycover/p1/activate',
			},
			{
				id: 'activate-p2',
				title: 'Confirm the staff on Zencare plus',
				description: 'CP-HLTH-2026-000002 needs a few details before cover starts.',
				href: '/mycover/p2/activate-staff',
			},
		])
	})

	test('a member who may not manage plans is not asked to activate them', () => {
		expect(ids({ ...ready, pendingPolicies: pending, canManagePlans: false })).toEqual([])
	})
})

test('claims waiting on the customer are todos: an offer to answer, documents the desk asked for, a draft', () => {
	const base = {
		kind: 'business' as const,
		emailVerified: true,
		sector: 'Education',
		businessType: 'none' as const,
		cacVerified: false,
		canManageBusiness: true,
		walletFunded: true,
		canFundWallet: true,
		hasCover: true,
		canBuy: true,
		pendingPolicies: [],
		canManagePlans: true,
		hasStaff: true,
		canManageStaff: true,
	}
	const todos = deriveTodos({
		...base,
		claims: [
			{ id: 'a', claimNumber: 'CL-2026-000001', status: 'offer_sent', deskNote: null },
			{ id: 'b', claimNumber: 'CL-2026-000002', status: 'pending', deskNote: 'A clearer photo, please.' },
			{ id: 'c', claimNumber: 'CL-2026-000003', status: 'pending', deskNote: null },
		],
	})
	expect(todos.map((t) => [t.title, t.href])).toEqual([
		['Answer the offer on claim CL-2026-000001', '/claims/details-a'],
		['Send more documents for claim CL-2026-000002', '/claims/make-claim/b/list'],
		['Finish claim CL-2026-000003', '/claims/make-claim/c/list'],
	])
	expect(deriveTodos(base)).toEqual([])
})

test('unpaid invoices are todos linking to each: due, overdue with the pause day, or pausing the plan', () => {
	const todos = deriveTodos({
		...done,
		invoices: [
			{ id: 'a', number: 'INV-000010', balance: '₦75,000', overdue: true, pausesOn: '2026-12-05', paused: false },
			{ id: 'b', number: 'INV-000011', balance: '₦120,000', overdue: false, pausesOn: null, paused: false },
			{ id: 'c', number: 'INV-000009', balance: '₦30,000', overdue: true, pausesOn: '2026-11-20', paused: true },
			{ id: 'd', number: 'INV-000012', balance: '₦45,000', overdue: true, pausesOn: null, paused: false },
		],
	}).filter((t) => t.id.startsWith('invoice-'))
	expect(todos.map((t) => [t.title, t.href, t.description])).toEqual([
		['Pay invoice INV-000010', '/invoice/a', '₦75,000 is overdue; the plan is paused on 5 Dec 2026 if it is still unpaid.'],
		['Pay invoice INV-000009', '/invoice/c', '₦30,000 is unpaid and its plan is paused: claims are refused until it is paid.'],
		['Pay invoice INV-000012', '/invoice/d', '₦45,000 is overdue; the plan is paused soon if it is still unpaid.'],
		// Merely due: after the overdue ones, which keep the service's order among themselves.
		['Pay invoice INV-000011', '/invoice/b', '₦120,000 is due.'],
	])
})

test('a policy with its details in waits for its pre-inspection photos, taken again once sent back', () => {
	const base = { kind: 'policy' as const, productName: 'Comprehensive Motor', policyNumber: 'CP-AUTO-2026-000001' }
	const todos = deriveTodos({
		...done,
		cacVerified: true,
		pendingPolicies: [
			{ ...base, id: 'a', waitsFor: 'details' },
			{ ...base, id: 'b', waitsFor: 'photos' },
			{ ...base, id: 'c', waitsFor: 'photos-again' },
		],
	})
	expect(todos.map((t) => [t.id, t.title, t.href])).toEqual([
		['activate-a', 'Activate Comprehensive Motor', '/mycover/a/activate'],
		['inspect-b', 'Take the pre-inspection photos of Comprehensive Motor', '/pre-inspection/b'],
		['inspect-c', 'Take the pre-inspection photos again for Comprehensive Motor', '/pre-inspection/c'],
	])
	expect(todos[1]!.description).toBe("CP-AUTO-2026-000001: cover starts once the vehicle's photos are approved.")
})

test('todos come most urgent first: the gates, money at risk, claims, activations, invoices due, first steps', () => {
	const todos = ids({
		...done,
		cacVerified: false,
		businessType: 'RC',
		walletFunded: false,
		staffChangesPending: 3,
		pendingPolicies: [{ id: 'p', kind: 'policy', productName: 'Gadget Cover', policyNumber: 'CP-GDGT-2026-000001' }],
		claims: [
			{ id: 'draft', claimNumber: 'CL-2026-000003', status: 'pending', deskNote: null },
			{ id: 'asked', claimNumber: 'CL-2026-000002', status: 'pending', deskNote: 'A clearer photo, please.' },
			{ id: 'offer', claimNumber: 'CL-2026-000001', status: 'offer_sent', deskNote: null },
		],
		invoices: [
			{ id: 'due', number: 'INV-000011', balance: '₦120,000', overdue: false, pausesOn: null, paused: false },
			{ id: 'late', number: 'INV-000010', balance: '₦75,000', overdue: true, pausesOn: '2026-12-05', paused: false },
		],
		renewalsAsked: [{ id: 'r', productName: 'Gadget Cover', policyNumber: 'CP-GDGT-2025-000001', coverEnd: '2026-12-31' }],
	})
	expect(todos).toEqual([
		'verify-cac',
		'invoice-late',
		'renew-r',
		'claim-offer-offer',
		'claim-asked',
		'claim-draft',
		'activate-p',
		'invoice-due',
		'fund-wallet',
		'review-staff',
	])
})

describe('renewals asked for', () => {
	const asked = { id: 'p1', productName: 'Gadget Cover', policyNumber: 'CP-GDGT-2025-000001', coverEnd: '2026-12-31' }
	test('a renewal the wallet could not pay is a todo linking to the renewal screen, for a member who may buy', () => {
		const [todo] = deriveTodos({ ...done, cacVerified: true, renewalsAsked: [asked] })
		expect(todo).toEqual({
			id: 'renew-p1',
			title: 'Renew Gadget Cover',
			description: 'CP-GDGT-2025-000001 ends on 31 Dec 2026 and the wallet could not pay its renewal.',
			href: '/mycover/p1/renew',
		})
		expect(ids({ ...done, cacVerified: true, canBuy: false, renewalsAsked: [asked] })).not.toContain('renew-p1')
	})
})
