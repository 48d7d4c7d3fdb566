import { formatDay } from '#api/contract/dates.ts'
import { MEMBERS_PAGE_SIZE, PLAN_ACTIVITIES_PAGE_SIZE } from '#api/contract/plans.ts'
import { openFromPlan, staffPlan } from './plan-support.ts'
import { expect, expectAccessible, signIn, test, visit } from './support.ts'
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

test("the register's leavers and joiners on the plan's screens: leaving or joining with the day, counted, and not offered for another change", async ({
	page,
	request,
	js,
}) => {
	const owner = await businessThroughApi(page, request, 'Kemi')
	const plan = await staffPlan(request, owner, 4, 'Reg')
	const employees = (await (await request.get('/api/v1/employees?page_size=100', { headers: owner.headers })).json()).data.items as Array<{
		id: string
		email: string
	}>
	const idOf = (i: number) => employees.find((e) => e.email === plan.people[i]!.email)!.id
	const removed = await request.post('/api/v1/employees/remove', { headers: owner.headers, data: { employee_ids: [idOf(0)] } })
	expect(removed.status()).toBe(200)
	const leaves = (await removed.json()).data.effective_on as string
	const replaced = await request.post(`/api/v1/employees/${idOf(1)}/replace`, {
		headers: owner.headers,
		data: {
			replacement: {
				first_name: 'Joy',
				last_name: 'Okafor',
				email: `joy-${plan.number.slice(-6)}@ayo-foods.ng`,
				phone: '08039900123',
				gender: 'female',
			},
		},
	})
	expect(replaced.status()).toBe(200)
	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')
	const day = formatDay(leaves)

	// The plan's page counts the two leaving and the one joining, as the members' list does.
	await visit(page, `/mycover/${plan.id}`)
	await expect(page.locator('dt', { hasText: /^Staff enrolled$/ }).locator('+ dd')).toHaveText('5')
	// Its history names them, as the register wrote it, and the day each change holds (decision 171).
	const history = page.getByRole('region', { name: 'Activities' }).getByRole('list').first().getByRole('listitem')
	await expect(history).toHaveCount(4)
	await expect(history.filter({ hasText: /^Reg1 Okafor: Removed from the staff list by Kemi: covered to / })).toContainText(
		`takes effect ${day}`,
	)
	await expect(history.filter({ hasText: /^Reg2 Okafor: Replaced by Joy Okafor \(Kemi\)/ })).toContainText(`takes effect ${day}`)
	await expect(history.filter({ hasText: `Joy Okafor: Enrolled on ZenCare staff plan ${plan.number}` })).toContainText(
		`takes effect ${day}`,
	)
	await openFromPlan(page, plan, 'Plan information and hospitals')
	const listed = page.getByRole('region', { name: 'Members (5 of 4 slots)' })
	await expect(listed.getByRole('row', { name: /Reg1 Okafor/ })).toContainText(`Leaving from ${day}`)
	await expect(listed.getByRole('row', { name: /Reg2 Okafor/ })).toContainText(`Leaving from ${day}`)
	await expect(listed.getByRole('row', { name: /Joy Okafor/ })).toContainText(`Joining from ${day}`)
	await expect(listed.getByRole('row', { name: /Reg3 Okafor/ })).toContainText('Covered')
	await expectAccessible(page, js)

	// Batch removal offers only those covered and staying.
	await openFromPlan(page, plan, 'Remove members')
	const picker = page.getByRole('group', { name: 'Choose members' })
	await expect(picker).toContainText('5 members · 0 chosen')
	await expect(picker.getByRole('checkbox')).toHaveCount(2)
	await expect(picker.getByLabel('Choose Reg3 Okafor', { exact: true })).toBeVisible()
	await expect(picker.getByLabel('Choose Joy Okafor', { exact: true })).toHaveCount(0)
	await expect(picker.getByLabel('Choose Reg1 Okafor', { exact: true })).toHaveCount(0)
})

test("a plan's usage per member: no bar for each member who has claimed nothing, and how many have not", async ({ page, request, js }) => {
	const owner = await businessThroughApi(page, request, 'Bisi')
	const plan = await staffPlan(request, owner, 3, 'Use')
	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')
	await visit(page, `/mycover/${plan.id}`)
	await page.getByRole('link', { name: 'Plan usage' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Usage of ZenCare')
	const perMember = page.getByRole('region', { name: 'Per member' })
	await expect(perMember).toContainText('None of its 3 members has claimed yet.')
	await expect(perMember.getByRole('listitem')).toHaveCount(0)
	await expectAccessible(page, js)
})
