import type { Page } from '@playwright/test'
import { PLAN_BILLING } from '#api/contract/invoices.ts'
import { openFromPlan, ownerWithPlan, staffPlan } from './plan-support.ts'
import { DEMO_PASSWORD, expect, expectAccessible, postStatus, signIn, test, visit } from './support.ts'
import { businessThroughApi } from './wallet-support.ts'

// Managing a plan (issue 14): each screen under /mycover/{plan_id}/ does its main action, with
// JavaScript on and off. Each test sets up its own business and staff plans through the API, so the
// two projects running side by side never touch the same plan.

const activities = (page: Page) => page.getByRole('region', { name: 'Activities' })

test('remove-policies: a staff plan ends at the end of its period; the page and the status filter say so', async ({
	page,
	request,
	js,
}) => {
	const { plan } = await ownerWithPlan(page, request, 1)
	await openFromPlan(page, plan, 'End this plan')
	await expect(page).toHaveURL(`/mycover/${plan.id}/remove-policies`)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deactivate or remove this staff plan')
	await expect(
		page.getByText(
			/cover runs to the end of its period, and there is none from \d+ [A-Z][a-z]{2} \d{4}\. Its last month is billed in full\./,
		),
	).toBeVisible()
	await expectAccessible(page, js)
	await page.getByRole('button', { name: 'Confirm' }).click()
	await expect(page).toHaveURL(`/mycover/${plan.id}`)
	await expect(page.getByText('Your change is booked for the end of the period.').first()).toBeVisible()
	await expect(page.getByText('Ends at period end').first()).toBeVisible()
	await expect(activities(page)).toContainText(/to be deactivated on \d{1,2} [A-Z][a-z]{2} \d{4}, at the end of its period/)
	await visit(page, '/mycover?status=to_be_deactivated')
	await expect(page.getByRole('link', { name: plan.number })).toBeVisible()
	await visit(page, '/mycover?status=terminated')
	await expect(page.getByText('No policy is removed now.')).toBeVisible()
})

test('edit-period-of-cover and edit-plan: booked from the next renewal, the price difference shown first', async ({
	page,
	request,
	js,
}) => {
	const { plan } = await ownerWithPlan(page, request, 2)
	await openFromPlan(page, plan, 'Edit period of cover')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit period of cover')
	// The period it already has is refused beside the field, and nothing is booked.
	expect(await postStatus(page, () => page.getByRole('button', { name: 'Change from the next renewal' }).click())).toBe(400)
	await expect(page.getByText('The period of cover is already annual.')).toBeVisible()
	await page.getByLabel('Quarterly').check()
	await page.getByRole('button', { name: 'Change from the next renewal' }).click()
	await expect(page).toHaveURL(`/mycover/${plan.id}`)
	await expect(activities(page)).toContainText(
		/Period of cover to change from annual to quarterly at the renewal on \d{1,2} [A-Z][a-z]{2} \d{4}/,
	)

	await openFromPlan(page, plan, 'Edit plan')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit plan')
	await page.getByLabel('Staff covered (slots)').fill('0')
	expect(await postStatus(page, () => page.getByRole('button', { name: 'See the new price' }).click())).toBe(400)
	await expect(page.getByText('A plan covers at least 1 person.')).toBeVisible()
	await page.getByLabel('Staff covered (slots)').fill('5')
	await page.getByRole('button', { name: 'See the new price' }).click()
	const preview = page.getByRole('region', { name: 'The new price' })
	// ZenCare ₦7,500 a person a month: 2 slots ₦15,000, 5 slots ₦37,500.
	await expect(preview).toContainText('+₦22,500 a month')
	await expectAccessible(page, js)
	await preview.getByRole('button', { name: 'Confirm the change' }).click()
	await expect(page).toHaveURL(`/mycover/${plan.id}`)
	await expect(activities(page)).toContainText(/Plan to change to ZenCare for 5 staff from \d{1,2} [A-Z][a-z]{2} \d{4}: /)
})

test('migration-list and plan-migration: chosen members move to another plan on the 1st of next month', async ({ page, request, js }) => {
	const owner = await businessThroughApi(page, request, 'Bola')
	const from = await staffPlan(request, owner, 3, 'Mover')
	const to = await staffPlan(request, owner, 1, 'Prime', '33')
	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')
	await openFromPlan(page, from, 'Move members to another plan')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Move members to another plan')
	// Nothing chosen: the preview says what is missing.
	await visit(page, `/mycover/${from.id}/plan-migration`)
	await expect(page.getByRole('alert')).toContainText('Choose the plan to move them to and at least one member.')
	await page.getByRole('link', { name: 'Change the choice' }).click()
	await expect(page).toHaveURL(new RegExp(`/mycover/${from.id}/migration-list`))
	await page.getByLabel('Move them to').selectOption({ label: `PrimeCare (${to.number}), up to 1 staff` })
	await page.getByLabel(`Choose ${from.people[0]!.name}`).check()
	await page.getByRole('button', { name: 'Preview the move' }).click()
	await expect(page).toHaveURL(new RegExp(`/mycover/${from.id}/plan-migration\\?`))
	await expectAccessible(page, js)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plan migration')
	await expect(page.getByText(/1 member moves from ZenCare/)).toBeVisible()
	const costs = page.getByRole('region', { name: 'New monthly cost' })
	await expect(costs).toContainText('₦22,500 → ₦15,000 a month (2 members)')
	await expect(costs).toContainText('₦15,000 → ₦30,000 a month (2 members)')
	await page.getByRole('button', { name: 'Confirm the move' }).click()
	await expect(page).toHaveURL(`/mycover/${from.id}`)
	await expect(activities(page)).toContainText(
		new RegExp(`${from.people[0]!.name} moves to PrimeCare \\(${to.number}\\) on 1 [A-Z][a-z]{2} \\d{4}`),
	)
	await visit(page, `/mycover/${from.id}/plan-information`)
	await expect(page.getByRole('row', { name: new RegExp(from.people[0]!.name) })).toContainText('Moving plan')
})

test('batch-removal: an uploaded list is previewed with each row not matched; confirmed, the members leave', async ({
	page,
	request,
	js,
}) => {
	const { plan } = await ownerWithPlan(page, request, 4)
	await openFromPlan(page, plan, 'Remove members')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Remove members')
	// Neither a choice nor a list: refused, nothing changes.
	expect(await postStatus(page, () => page.getByRole('button', { name: 'Preview removal' }).click())).toBe(400)
	await expect(page.getByText('Choose members to remove, or upload a list of their emails or phone numbers.')).toBeVisible()
	const list = ['email', plan.people[0]!.email, 'nobody@example.com', plan.people[1]!.phone].join('\r\n')
	await page
		.getByLabel('A list of members to remove (optional)')
		.setInputFiles({ name: 'leavers.csv', mimeType: 'text/csv', buffer: Buffer.from(list) })
	await page.getByLabel(`Choose ${plan.people[2]!.name}`).check()
	await page.getByRole('button', { name: 'Preview removal' }).click()
	const preview = page.getByRole('region', { name: 'Check before removing' })
	await expect(preview.getByRole('alert')).toContainText('Row 2 (nobody@example.com): No member of this plan has this email.')
	await expect(preview).toContainText('3 members')
	await expect(preview).toContainText('₦30,000 → ₦7,500')
	await expectAccessible(page, js)
	await preview.getByRole('button', { name: 'Remove the matched members' }).click()
	await expect(page).toHaveURL(`/mycover/${plan.id}`)
	await expect(activities(page)).toContainText(new RegExp(`${plan.people[0]!.name} to be removed on 1 [A-Z][a-z]{2} \\d{4}`))
	await visit(page, `/mycover/${plan.id}/batch-removal`)
	await expect(page.getByRole('row', { name: new RegExp(plan.people[1]!.name) })).toContainText('Leaving')
	await expect(page.getByRole('row', { name: new RegExp(plan.people[3]!.name) })).toContainText('Covered')
})

test('plan-information: benefits, members and the sample hospital list, filtered by type, state and LGA, searched and paged', async ({
	page,
	request,
	js,
}) => {
	const { plan } = await ownerWithPlan(page, request, 2)
	await openFromPlan(page, plan, 'Plan information and hospitals')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plan information')
	await expect(page.getByRole('region', { name: 'Benefits' })).toContainText('virtual consultations')
	await expect(page.getByRole('region', { name: /Members \(2 of 2 slots\)/ })).toContainText(plan.people[0]!.name)
	const hospitals = page.getByRole('region', { name: 'Hospital list' })
	await expect(hospitals).toContainText('Sample data')
	await expect(hospitals).toContainText('296 providers')
	await hospitals.getByRole('link', { name: 'Page 2', exact: true }).click()
	await expect(page).toHaveURL(/page=2/)
	await page.getByLabel('Type', { exact: true }).selectOption('hospital')
	await page.getByLabel('State', { exact: true }).selectOption('Lagos')
	await page.getByRole('button', { name: 'Search' }).click()
	await expect(page).toHaveURL(/type=hospital&state=Lagos/)
	const rows = page.getByRole('region', { name: 'Hospital list' }).getByRole('row')
	await expect(rows.nth(1)).toContainText('Lagos')
	const lga = (await page.getByLabel('LGA', { exact: true }).locator('option').nth(1).textContent())!
	await page.getByLabel('LGA', { exact: true }).selectOption(lga)
	await page.getByLabel('Name or address').fill('zzz-nothing')
	await page.getByRole('button', { name: 'Search' }).click()
	await expect(page.getByText('No provider matches: try another type, state or word.')).toBeVisible()
	await expectAccessible(page, js)
})

test('the demo business: plans with members moving and leaving, each management screen reachable from /', async ({ page }) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	await page.getByRole('link', { name: 'My cover' }).first().click()
	await expect(page).toHaveURL('/mycover')
	await page.getByRole('combobox', { name: 'Status' }).selectOption('to_be_removed')
	await page.getByRole('button', { name: 'Filter' }).click()
	await expect(page).toHaveURL(/status=to_be_removed/)
	// Two demo plans have members leaving: ZenCare by its own removal, ZenCare Prime by the staff register (decision 168).
	await expect(page.getByRole('main').getByRole('link', { name: /^CP-HLTH-/ })).toHaveCount(2)
	await page
		.getByRole('main')
		.getByRole('link', { name: /^CP-HLTH-\d{4}-000032$/ })
		.click()
	await expect(activities(page)).toContainText(/to be removed on 1 [A-Z][a-z]{2} \d{4}/)
	await expect(activities(page)).toContainText('moves to PrimeCare')
	// Billed monthly in arrears (decision 161): what the next 1st bills for this month, as things stand.
	await expect(page.getByText(/^₦[\d,]+ for \d+ (person|people) in [A-Z][a-z]+ \d{4}, issued 1 [A-Z][a-z]{2} \d{4}$/)).toBeVisible()
	await expect(page.getByRole('region', { name: 'Price quoted' })).toContainText(PLAN_BILLING.rule)
	for (const name of [
		'Plan information and hospitals',
		'Edit plan',
		'Dependant slots',
		'Move members to another plan',
		'Remove members',
		'Edit period of cover',
		'End this plan',
	]) {
		await expect(page.getByRole('navigation', { name: 'Manage this cover' }).getByRole('link', { name })).toBeVisible()
	}
	await page.getByRole('navigation', { name: 'Manage this cover' }).getByRole('link', { name: 'Remove members' }).click()
	await expect(page.getByText('Leaving').first()).toBeVisible()
	await expect(page.getByText('Moving plan').first()).toBeVisible()

	// ZenCare Plus grew into its places: each hire on its activity list, its activation on the second page (decision 171).
	await page.getByRole('banner').getByRole('link', { name: 'Back' }).click()
	await expect(page).toHaveURL(/\/mycover\/[0-9a-f-]{36}$/)
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My cover' }).click()
	await expect(page).toHaveURL('/mycover')
	// Other specs buy cover as the demo business, so its plan may be on a later page of My cover, newest first.
	const plus = page.getByRole('main').getByRole('link', { name: /^CP-HLTH-\d{4}-000028$/ })
	const pages = page.getByRole('navigation', { name: 'Pages of your cover' })
	// With JavaScript the address changes before the list is drawn: count the links only once page 1 is on screen.
	await expect(pages.locator('[aria-current="page"]')).toHaveText('1')
	for (let n = 2; n <= 6 && (await plus.count()) === 0; n++) {
		await pages.getByRole('link', { name: 'Next' }).click()
		await expect(pages.locator('[aria-current="page"]')).toHaveText(String(n))
	}
	await plus.click()
	// Its changes are the panel's first list; the page links follow in a list of their own.
	const changes = activities(page).getByRole('list').first().getByRole('listitem')
	await expect(changes).toHaveCount(20)
	await expect(changes.first()).toContainText(/^[A-Z][a-z]+ [A-Z][a-z]+: Enrolled on ZenCare Plus staff plan/)
	await activities(page).getByRole('navigation', { name: 'Pages of the activities' }).getByRole('link', { name: 'Page 2' }).click()
	await expect(page).toHaveURL(/\?activities=2#activities-heading$/)
	// Its last line is its activation (demo-staff.integration.test.ts counts the 21 exactly; here other specs share the demo).
	await expect(changes.last()).toHaveText(/^Activated for 20 staff/)
})

test("dependant slots: a member's page says none is free and leads to the plan's slots; set there, a dependant can be added, and the slots go no lower", async ({
	page,
	request,
	js,
}) => {
	const { plan } = await ownerWithPlan(page, request, 2)
	const member = plan.people[0]!
	await visit(page, `/employees?q=${encodeURIComponent(member.email)}`)
	await page.getByRole('link', { name: /^View/ }).first().click()
	const dependants = page.getByRole('region', { name: 'Dependants' })
	// Said before anything is typed: a new staff plan has no dependant slot.
	await expect(dependants).toContainText('No dependant slot is free on Staff1’s staff plan.')
	await expect(dependants.getByRole('button', { name: 'Add dependant' })).toHaveCount(0)
	const memberPage = page.url()
	await dependants.getByRole('link', { name: `Add dependant slots to ${plan.number}` }).click()
	await expect(page).toHaveURL(`/mycover/${plan.id}/dependants`)
	await expect(page.getByRole('heading', { name: 'Dependant slots', level: 1 })).toBeVisible()
	await expect(page.getByRole('region', { name: 'Now' })).toContainText('10 slots, 5 for each of its 2 staff')
	await expectAccessible(page, js)

	const field = page.getByLabel('Dependant slots')
	await field.fill('11')
	await page.getByRole('button', { name: 'Save dependant slots' }).click()
	await expect(page.getByText("At most 5 dependants for each of the plan's 2 staff: 10 in all.")).toBeVisible()
	await expect(field).toHaveValue('11')
	await field.fill('2')
	await page.getByRole('button', { name: 'Save dependant slots' }).click()
	await expect(page).toHaveURL(`/mycover/${plan.id}`)
	await expect(page.getByText('The plan now has 2 dependant slots.')).toBeVisible()
	await expect(activities(page)).toContainText('Dependant slots changed from 0 to 2')

	await visit(page, memberPage)
	await expect(dependants).toContainText('A spouse and up to four children under 18: 2 dependant slots free on the staff plan.')
	const form = page.locator('form', { has: page.getByRole('button', { name: 'Add dependant' }) })
	await form.getByLabel('First name').fill('Ada')
	await form.getByLabel('Last name').fill('Okoro')
	await form.getByLabel('Relationship').selectOption('spouse')
	await form.getByLabel('Date of birth').fill('1989-02-14')
	await form.getByLabel('Gender').selectOption('female')
	await form.getByRole('button', { name: 'Add dependant' }).click()
	await expect(dependants).toContainText('Ada Okoro · Spouse')
	await expect(dependants).toContainText('1 dependant slot free on the staff plan')

	await openFromPlan(page, plan, 'Dependant slots')
	await page.getByLabel('Dependant slots').fill('0')
	await page.getByRole('button', { name: 'Save dependant slots' }).click()
	await expect(page.getByText('1 dependant holds a slot of this plan: remove dependants before going below 1.')).toBeVisible()
	await expect(page.getByRole('region', { name: 'Now' })).toContainText(/Held by dependants\s*1/)
})
