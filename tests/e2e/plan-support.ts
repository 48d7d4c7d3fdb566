import type { APIRequestContext, Page } from '@playwright/test'
import { expect, signIn, visit } from './support.ts'
import { type Member, businessThroughApi } from './wallet-support.ts'

// Staff plans set up through the API for the plan specs: each test makes its own business and plans, so the
// two projects running side by side never touch the same plan.

export type Plan = { id: string; number: string; people: Array<{ name: string; email: string; phone: string }> }

/** A staff plan of `n` staff, bought by batch upload and activated by its sheet through the API. */
export async function staffPlan(request: APIRequestContext, owner: Member, n: number, prefix: string, productId = '32'): Promise<Plan> {
	const tag = Math.random().toString(36).slice(2, 8)
	const people = Array.from({ length: n }, (_, i) => ({
		first: `${prefix}${i + 1}`,
		name: `${prefix}${i + 1} Okafor`,
		email: `${prefix.toLowerCase()}${i + 1}-${tag}@ayo-foods.ng`,
		phone: `0803${String(3_000_000 + i + prefix.length * 100)}`,
	}))
	const list = [
		'first_name,last_name,email,phone,gender,date_of_birth',
		...people.map((p) => `${p.first},Okafor,${p.email},${p.phone},female,1990-05-17`),
	]
	const preview = await request.post('/api/v1/purchases/batch/preview', {
		headers: owner.headers,
		multipart: {
			file: { name: 'staff.csv', mimeType: 'text/csv', buffer: Buffer.from(list.join('\r\n')) },
			product_id: productId,
			period: 'annual',
		},
	})
	expect(preview.status()).toBe(201)
	const bought = await request.post('/api/v1/purchases/batch', {
		headers: owner.headers,
		data: { batch_id: (await preview.json()).data.id, idempotency_key: `plan-${tag}-${prefix}` },
	})
	expect(bought.status()).toBe(201)
	const policy = (await bought.json()).data.policy as { id: string; policy_number: string }
	const sheet = ['first_name,last_name,email,date_of_birth', ...people.map((p) => `${p.first},Okafor,${p.email},1990-05-17`)]
	const activated = await request.post(`/api/v1/policies/${policy.id}/activate`, {
		headers: owner.headers,
		multipart: { file: { name: 'sheet.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet.join('\r\n')) } },
	})
	expect(activated.status()).toBe(200)
	return { id: policy.id, number: policy.policy_number, people }
}

export async function ownerWithPlan(page: Page, request: APIRequestContext, n = 3) {
	const owner = await businessThroughApi(page, request, 'Ngozi')
	const plan = await staffPlan(request, owner, n, 'Staff')
	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')
	return { owner, plan }
}

/** Follow the plan page's link, as a person would. */
export async function openFromPlan(page: Page, plan: Plan, link: string | RegExp) {
	await visit(page, `/mycover/${plan.id}`)
	await page.getByRole('navigation', { name: 'Manage this cover' }).getByRole('link', { name: link }).click()
}
