import { randomUUID } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import type { Permission } from '#api/contract/permissions.ts'
import { SEED_ROLES } from '#api/domain/permissions.ts'
import { DEMO_PASSWORD, expect, mailsTo, signIn, test, uniqueEmail } from './support.ts'
import { fundThroughApi } from './wallet-support.ts'

type Ids = {
	ownerId: string
	customRoleId: string
	transactionId: string
	policyId: string
	planId: string
	employeeId: string
	dependantId: string
	purchaseId: string
	invoiceId: string
}

/**
 * Every portal page and the permission its loader requires (null: any signed-in member of a business
 * that has done KYC). Each seeded role must get 200 exactly where it holds the permission, and 403
 * elsewhere. A new page gets a row here.
 */
const PAGE_PERMISSIONS: ReadonlyArray<{ path: (ids: Ids) => string; needs: Permission | null }> = [
	{ path: () => '/', needs: null },
	{ path: () => '/settings', needs: null },
	{ path: () => '/settings?tab=business', needs: 'business.view' },
	{ path: () => '/settings?tab=team', needs: 'team.view' },
	{ path: () => '/settings?tab=activity', needs: 'activities.view' },
	{ path: () => '/settings?tab=partners', needs: 'business.manage' },
	{ path: () => '/settings/edit', needs: null },
	{ path: ({ ownerId }) => `/settings/edit/${ownerId}`, needs: 'team.manage' },
	{ path: () => '/settings/roles', needs: 'team.view' },
	{ path: () => '/settings/roles/new', needs: 'roles.manage' },
	{ path: ({ customRoleId }) => `/settings/roles/${customRoleId}`, needs: 'roles.manage' },
	// A member who may not edit the business may not change its KYC either.
	{ path: () => '/update/kyc', needs: 'business.manage' },
	{ path: () => '/wallet', needs: 'wallet.view' },
	{ path: () => '/fund-wallet', needs: 'wallet.fund' },
	{ path: () => '/withdraw', needs: 'wallet.withdraw' },
	{ path: () => '/manage-card', needs: 'cards.manage' },
	{ path: () => '/transaction-history', needs: 'transactions.view' },
	{ path: ({ transactionId }) => `/transaction-history/${transactionId}`, needs: 'transactions.view' },
	{ path: () => '/invoice', needs: 'invoices.view' },
	{ path: ({ invoiceId }) => `/invoice/${invoiceId}`, needs: 'invoices.view' },
	{ path: () => '/products', needs: null },
	{ path: () => '/products/1', needs: null },
	{ path: () => '/products/16/batch', needs: 'products.buy' },
	{ path: () => '/mycover', needs: 'plans.view' },
	{ path: ({ policyId }) => `/mycover/${policyId}`, needs: 'plans.view' },
	{ path: ({ policyId }) => `/mycover/${policyId}/activate`, needs: 'plans.manage' },
	{ path: ({ planId }) => `/mycover/${planId}`, needs: 'plans.view' },
	{ path: ({ planId }) => `/mycover/${planId}/activate-staff`, needs: 'plans.manage' },
	{ path: () => '/employees', needs: 'employees.view' },
	{ path: ({ employeeId }) => `/employees/${employeeId}`, needs: 'employees.view' },
	{ path: () => '/employees/deactivate', needs: 'employees.manage' },
	{ path: () => '/employees/remove-staff', needs: 'employees.manage' },
	{ path: () => '/import-staff', needs: 'employees.manage' },
	{ path: ({ employeeId }) => `/mycover/custodian/${employeeId}`, needs: 'employees.view' },
	{ path: ({ dependantId }) => `/mycover/custodian/remove-dependant/${dependantId}`, needs: 'employees.manage' },
	{ path: ({ purchaseId }) => `/manage-custodian/${purchaseId}/add`, needs: 'employees.manage' },
	{ path: ({ purchaseId }) => `/manage-custodian/${purchaseId}/add/new`, needs: 'employees.manage' },
	{ path: ({ purchaseId }) => `/manage-custodian/${purchaseId}/add/from-staff-list`, needs: 'employees.manage' },
	{ path: ({ purchaseId }) => `/manage-custodian/${purchaseId}/activate`, needs: 'employees.manage' },
	{ path: ({ planId }) => `/mycover/${planId}/plan-information`, needs: 'plans.view' },
	{ path: ({ policyId }) => `/mycover/${policyId}/plan-information`, needs: 'plans.view' },
	{ path: ({ planId }) => `/mycover/${planId}/remove-policies`, needs: 'plans.manage' },
	{ path: ({ planId }) => `/mycover/${planId}/edit-period-of-cover`, needs: 'plans.manage' },
	{ path: ({ planId }) => `/mycover/${planId}/edit-plan`, needs: 'plans.manage' },
	{ path: ({ planId }) => `/mycover/${planId}/migration-list`, needs: 'plans.manage' },
	{ path: ({ planId }) => `/mycover/${planId}/plan-migration`, needs: 'plans.manage' },
	{ path: ({ planId }) => `/mycover/${planId}/batch-removal`, needs: 'plans.manage' },
	// Renewing is paying for cover: a policy not yet due shows why it cannot be renewed.
	{ path: ({ policyId }) => `/mycover/${policyId}/renew`, needs: 'products.buy' },
	{ path: () => '/mycover?status=pending', needs: 'plans.view' },
	{ path: ({ policyId }) => `/pre-inspection/${policyId}`, needs: 'plans.view' },
]

const MEMBER_PASSWORD = 'Member-pass-2026'

/** The demo business's owner, signed in to the API. */
async function ownerSession(request: APIRequestContext) {
	const signedIn = await request.post('/api/v1/auth/sign-in', {
		data: { email: 'business@example.com', password: DEMO_PASSWORD, platform: 'web' },
	})
	expect(signedIn.status()).toBe(200)
	const owner = (await signedIn.json()).data as { id: string; access_token: string }
	return { ownerId: owner.id, headers: { Authorization: `Bearer ${owner.access_token}` } }
}

for (const role of SEED_ROLES) {
	test(`a member with the ${role.name} role opens exactly the pages the role allows`, async ({ page, request, js }) => {
		// Access is decided on the server, so the pages are opened once, as the server sends them: with
		// JavaScript each of the ~50 would also load and hydrate its scripts, which answer nothing here.
		test.skip(js, 'Access is decided on the server; the forms of these pages are tested with and without JavaScript elsewhere')
		const { ownerId, headers } = await ownerSession(request)
		const roles = (await (await request.get('/api/v1/roles', { headers })).json()).data as Array<{ id: string; name: string }>
		const seeded = roles.find((r) => r.name === role.name)!
		const custom = await request.post('/api/v1/roles', {
			headers,
			data: { name: `Matrix ${role.name} ${randomUUID().slice(0, 8)}`, permissions: ['claims.view'] },
		})
		expect(custom.status()).toBe(201)
		const customRoleId = (await custom.json()).data.id as string
		// A funding left unpaid: a transaction of the business that moves no money.
		const funding = await request.post('/api/v1/wallet/fund', {
			headers,
			data: { amount: 1_000, idempotency_key: `matrix-${randomUUID()}` },
		})
		expect(funding.status()).toBe(201)
		const reference = (await funding.json()).data.reference as string
		const transactions = (await (await request.get('/api/v1/transactions?type=funding&status=pending&page_size=100', { headers })).json())
			.data.items as Array<{ id: string; reference: string }>
		const transactionId = transactions.find((t) => t.reference === reference)!.id
		// A policy waiting for its details, bought from the wallet, and a staff plan waiting for its staff.
		await fundThroughApi(request, { email: '', password: '', headers }, 15_000, 'approve')
		const bought = await request.post('/api/v1/purchases', {
			headers,
			data: { product_id: 1, vehicle_class: 'private_car', payment_option: 'wallet', idempotency_key: `matrix-${randomUUID()}` },
		})
		expect(bought.status()).toBe(201)
		const policyId = (await bought.json()).data.policy.id as string
		const purchaseId = (await bought.json()).data.policy.purchase_id as string
		// A member of the demo company's staff with dependants (api/db/seed/demo-staff.ts).
		const staffed = (await (await request.get('/api/v1/employees?q=adaeze.adewale%40', { headers })).json()).data.items as Array<{
			id: string
		}>
		const employeeId = staffed[0]!.id
		const dependantId = (await (await request.get(`/api/v1/employees/${employeeId}`, { headers })).json()).data.dependants[0].id as string
		const subscribed = await request.post('/api/v1/purchases', {
			headers,
			data: { product_id: 16, plan_type: 'standard', period: 'monthly', members: 2, idempotency_key: `matrix-${randomUUID()}` },
		})
		expect(subscribed.status()).toBe(201)
		const planId = (await subscribed.json()).data.policy.id as string
		// One of the demo business's invoices (api/db/seed/demo-invoices.ts).
		const invoiceId = (await (await request.get('/api/v1/invoices?status=paid&page_size=1', { headers })).json()).data.items[0].id as string

		// A member of the demo business with the role: invited by the owner, accepted with the mailed link.
		const email = uniqueEmail(`matrix-${role.name.toLowerCase()}`)
		const invited = await request.post('/api/v1/invitations', { headers, data: { email, role_id: seeded.id } })
		expect(invited.status()).toBe(201)
		const [mail] = await mailsTo(page, email)
		const token = new URL(mail!.text.match(/https?:\/\/\S+\/invitation\?token=\S+/)![0]).searchParams.get('token')
		const accepted = await request.post('/api/v1/invitations/activate', {
			data: { token, first_name: 'Matrix', last_name: role.name, password: MEMBER_PASSWORD },
		})
		expect(accepted.status()).toBe(201)

		await signIn(page, email, MEMBER_PASSWORD)
		await expect(page).toHaveURL('/')
		for (const { path, needs } of PAGE_PERMISSIONS) {
			const url = path({ ownerId, customRoleId, transactionId, policyId, planId, employeeId, dependantId, purchaseId, invoiceId })
			const allowed = needs === null || role.permissions.includes(needs)
			const response = await page.goto(url)
			expect.soft(response?.status(), `${role.name} opening ${url}`).toBe(allowed ? 200 : 403)
			if (!allowed) {
				await expect.soft(page.getByText('Your role does not allow this page.', { exact: false })).toBeVisible()
			}
		}
	})
}
