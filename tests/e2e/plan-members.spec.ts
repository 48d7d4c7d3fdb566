import { MEMBERS_PAGE_SIZE, PLAN_ACTIVITIES_PAGE_SIZE } from '#api/contract/plans.ts'
import { openFromPlan, staffPlan } from './plan-support.ts'
import { expect, expectAccessible, signIn, test } from './support.ts'
import { businessThroughApi } from './wallet-support.ts'

// A plan's members a page at a time (docs/decisions/166-plan-members-a-page.md): plan information pages them
// by link; the pickers of batch removal and migration search and page inside their form, keeping what was
// chosen, with JavaScript on and off.

test('a plan of 27: its members a page at a time; the pickers keep what was chosen across pages and searches; its activities 20 a page', async ({
	page,
	request,
	js,
}) => {
	const owner = await businessThroughApi(page, request, 'Tunde')
	const plan = await staffPlan(request, owner, MEMBERS_PAGE_SIZE + 2, 'Big')
	const to = await staffPlan(request, owner, 1, 'Prime', '33')
	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')

	// Plan information: 25 on the first page, the other 2 on the second.
	await openFromPlan(page, plan, 'Plan information and hospitals')
	const listed = page.getByRole('region', { name: 'Members (27 of 27 slots)' })
	await expect(listed.getByRole('row')).toHaveCount(MEMBERS_PAGE_SIZE + 1)
	await listed.getByRole('link', { name: 'Page 2', exact: true }).click()
	await expect(page).toHaveURL(/members=2#members-heading/)
	await expect(listed.getByRole('row')).toHaveCount(3)
	await expect(listed).toContainText('Big9 Okafor')

	// Batch removal: one chosen on the first page and one on the second; both are previewed.
	await openFromPlan(page, plan, 'Remove members')
	const picker = page.getByRole('group', { name: 'Choose members' })
	await expect(picker).toContainText('27 members · 0 chosen')
	await picker.getByLabel('Choose Big1 Okafor', { exact: true }).check()
	await picker.getByRole('navigation', { name: 'Pages of the members' }).getByRole('button', { name: 'Page 2' }).click()
	await expect(page).toHaveURL(/page=2/)
	await expect(picker).toContainText('1 chosen (1 on other pages or searches)')
	await picker.getByLabel('Choose Big9 Okafor', { exact: true }).check()
	await page.getByRole('button', { name: 'Preview removal' }).click()
	const preview = page.getByRole('region', { name: 'Check before removing' })
	await expect(preview).toContainText('2 members')
	await expect(preview.getByRole('row', { name: /Big1 Okafor/ })).toBeVisible()
	await expect(preview.getByRole('row', { name: /Big9 Okafor/ })).toBeVisible()
	await expectAccessible(page, js)

	// Migration: a member found by a search, chosen and previewed; the plan chosen first is kept.
	await openFromPlan(page, plan, 'Move members to another plan')
	await page.getByLabel('Move them to').selectOption({ label: `PrimeCare (${to.number}), up to 1 staff` })
	await picker.getByLabel('Search members').fill('big27')
	await picker.getByRole('button', { name: 'Search' }).click()
	await expect(picker).toContainText('1 member of 27 matches “big27”')
	await picker.getByLabel('Choose Big27 Okafor', { exact: true }).check()
	await picker.getByLabel('Search members').fill('nobody')
	await picker.getByLabel('Search members').press('Enter')
	await expect(picker).toContainText('No member matches “nobody”.')
	await expect(picker).toContainText('1 chosen (1 on other pages or searches)')
	await page.getByRole('button', { name: 'Preview the move' }).click()
	await expect(page.getByText(/1 member moves from ZenCare/)).toBeVisible()
	await expect(page.getByRole('row', { name: /Big27 Okafor/ })).toBeVisible()
	await expectAccessible(page, js)

	// 21 members removed by an uploaded list, a change each: the plan's activities come 20 a page.
	await openFromPlan(page, plan, 'Remove members')
	const leavers = ['email', ...plan.people.slice(0, 21).map((p) => p.email)].join('\r\n')
	await page
		.getByLabel('A list of members to remove (optional)')
		.setInputFiles({ name: 'leavers.csv', mimeType: 'text/csv', buffer: Buffer.from(leavers) })
	await page.getByRole('button', { name: 'Preview removal' }).click()
	await expect(page.getByRole('region', { name: 'Check before removing' })).toContainText('21 members')
	await page.getByRole('button', { name: 'Confirm removal' }).click()
	await expect(page).toHaveURL(`/mycover/${plan.id}`)
	const activities = page.getByRole('region', { name: 'Activities' })
	// The first list of the region is the activities; the page links are a list of their own.
	const changes = activities.getByRole('list').first().getByRole('listitem')
	await expect(changes).toHaveCount(PLAN_ACTIVITIES_PAGE_SIZE)
	await expect(changes.first()).toContainText('to be removed on')
	await activities.getByRole('navigation', { name: 'Pages of the activities' }).getByRole('link', { name: 'Page 2' }).click()
	await expect(page).toHaveURL(`/mycover/${plan.id}?activities=2#activities-heading`)
	await expect(changes).toHaveCount(2)
	await expect(changes.first()).toContainText('to be removed on')
	await expect(changes.last()).toContainText('Activated for 27 staff')
})
