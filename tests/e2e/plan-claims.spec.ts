import type { APIRequestContext, Page } from '@playwright/test'
import { staffPlan } from './plan-support.ts'
import { expect, expectAccessible, signIn, test, visit } from './support.ts'
import { type Member, businessThroughApi } from './wallet-support.ts'

// A claim on a staff plan is for one of its members (decision 170): chosen from a list on a plan of up to a
// hundred, named by email or phone on a larger one; the draft keeps who it is for. With and without JavaScript.

const today = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10)

async function describeIncident(page: Page) {
	await page.getByLabel('What happened', { exact: true }).selectOption('hospital_visit')
	await page.getByLabel('Date of the incident').fill(today())
	await page.getByLabel('Where it happened').fill('Reddington Hospital, Victoria Island')
	await page.getByLabel('What happened, in your words').fill('Seen at the hospital for a fever; tests and drugs.')
	await page.getByLabel('Amount you are claiming').fill('45000')
}

async function claimOf(page: Page, owner: Member) {
	const id = page.url().match(/make-claim\/([0-9a-f-]{36})\//)![1]!
	const res = await page.request.get(`/api/v1/claims/${id}`, { headers: owner.headers })
	return { id, claim: (await res.json()).data as { claimant_name: string; claimant_staff_id: string } }
}

/**
 * A business with a staff plan of `n`, signed in, on the plan's claim form: from the plan's page, its claims,
 * then "Make a claim on this plan", as a person would go.
 */
async function makeClaimOn(page: Page, request: APIRequestContext, name: string, n: number, prefix: string) {
	const owner = await businessThroughApi(page, request, name)
	const plan = await staffPlan(request, owner, n, prefix)
	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')
	await visit(page, `/mycover/${plan.id}`)
	await page.getByRole('main').getByRole('link', { name: 'Claims', exact: true }).click()
	await page.getByRole('link', { name: 'Make a claim on this plan' }).click()
	await expect(page.getByRole('heading', { name: 'Make a claim', level: 1 })).toBeVisible()
	return { owner, plan }
}

test('a claim on a small plan is for a member chosen from its list; the draft keeps who', async ({ page, request, js }) => {
	const { owner } = await makeClaimOn(page, request, 'Femi', 3, 'Clm')

	// Not choosing says so, and keeps what was typed.
	await describeIncident(page)
	await page.getByRole('button', { name: 'Start the claim' }).click()
	await expect(page.getByText('Choose the member the claim is for.')).toBeVisible()
	await expect(page.getByLabel('Where it happened')).toHaveValue('Reddington Hospital, Victoria Island')
	await expectAccessible(page, js)
	await page.getByLabel('Who the claim is for').selectOption({ label: 'Clm2 Okafor' })
	await page.getByRole('button', { name: 'Start the claim' }).click()
	await expect(page).toHaveURL(/\/claims\/make-claim\/[0-9a-f-]{36}\/(estimate|list)$/)
	const { id, claim } = await claimOf(page, owner)
	expect(claim.claimant_name).toBe('Clm2 Okafor')

	// The draft's details keep the member, and can change them.
	await visit(page, `/claims/make-claim/${id}/form`)
	const who = page.getByLabel('Who the claim is for')
	await expect(who.locator('option:checked')).toHaveText('Clm2 Okafor')
	await who.selectOption({ label: 'Clm3 Okafor' })
	await page.getByRole('button', { name: 'Save and continue' }).click()
	await expect(page).toHaveURL(new RegExp(`/claims/make-claim/${id}/(estimate|list)$`))
	expect((await claimOf(page, owner)).claim.claimant_name).toBe('Clm3 Okafor')
})

test('on a plan of more than a hundred, the member is named by email or phone', async ({ page, request, js }) => {
	const { owner, plan } = await makeClaimOn(page, request, 'Uche', 101, 'Many')
	await describeIncident(page)
	const who = page.getByLabel('Who the claim is for')
	for (const [typed, said] of [
		['nobody@ayo-foods.ng', 'No member of this plan has that email address or phone number.'],
		['ayo-foods.ng', 'Several members match: enter their whole email address or phone number.'],
	] as const) {
		await who.fill(typed)
		await page.getByRole('button', { name: 'Start the claim' }).click()
		await expect(page.getByText(said)).toBeVisible()
		await expect(who).toHaveValue(typed)
	}
	await expectAccessible(page, js)
	const member = plan.people[56]!
	await who.fill(member.email)
	await page.getByRole('button', { name: 'Start the claim' }).click()
	await expect(page).toHaveURL(/\/claims\/make-claim\/[0-9a-f-]{36}\/(estimate|list)$/)
	const { id } = await claimOf(page, owner)
	expect((await claimOf(page, owner)).claim.claimant_name).toBe(member.name)

	// The draft says who it is for, and keeps them when the field is left empty.
	await visit(page, `/claims/make-claim/${id}/form`)
	await expect(page.getByText(`For ${member.name}. For another member, their email address or phone number.`)).toBeVisible()
	await expect(who).toHaveValue('')
	await page.getByLabel('Where it happened').fill('Lagoon Hospital, Ikoyi')
	await page.getByRole('button', { name: 'Save and continue' }).click()
	await expect(page).toHaveURL(new RegExp(`/claims/make-claim/${id}/(estimate|list)$`))
	expect((await claimOf(page, owner)).claim.claimant_name).toBe(member.name)
})
