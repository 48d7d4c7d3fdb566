import type { APIRequestContext, Page } from '@playwright/test'
import {
	DEMO_PASSWORD,
	expect,
	expectAccessible,
	latestCode,
	mailsTo,
	postStatus,
	registerThroughUi,
	signIn,
	test,
	uniqueEmail,
	visit,
} from './support.ts'

const OWNER = 'business@example.com'
const MEMBER_PASSWORD = 'Team-pass-2026'

/** The demo business owner's bearer headers, for setting up members without the screens under test. */
async function ownerHeaders(request: APIRequestContext) {
	const signedIn = await request.post('/api/v1/auth/sign-in', { data: { email: OWNER, password: DEMO_PASSWORD, platform: 'web' } })
	expect(signedIn.status()).toBe(200)
	return { Authorization: `Bearer ${(await signedIn.json()).data.access_token}` }
}

async function inviteThroughApi(request: APIRequestContext, headers: Record<string, string>, email: string, roleName: string) {
	const roles = (await (await request.get('/api/v1/roles', { headers })).json()).data as Array<{ id: string; name: string }>
	const role = roles.find((r) => r.name === roleName)!
	const invited = await request.post('/api/v1/invitations', { headers, data: { email, role_id: role.id } })
	expect(invited.status()).toBe(201)
}

/** The newest invitation link mailed to `email`, as a path with its query. */
async function invitationLink(page: Page, email: string) {
	const [mail] = await mailsTo(page, email)
	expect(mail?.subject).toBe('You are invited to Okafor Logistics Ltd')
	const link = new URL(mail!.text.match(/https?:\/\/\S+\/invitation\?token=\S+/)![0])
	return link.pathname + link.search
}

/** A new member of the demo business with `roleName`, invited and joined through the API. */
async function joinDemoBusiness(page: Page, request: APIRequestContext, roleName: string, lastName: string) {
	const email = uniqueEmail('member')
	await inviteThroughApi(request, await ownerHeaders(request), email, roleName)
	const token = new URL(`http://x${await invitationLink(page, email)}`).searchParams.get('token')
	const joined = await request.post('/api/v1/invitations/activate', {
		data: { token, first_name: 'Bisi', last_name: lastName, password: MEMBER_PASSWORD },
	})
	expect(joined.status()).toBe(201)
	return { email, name: `Bisi ${lastName}` }
}

async function expectTab(page: Page, label: string) {
	await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: label })).toHaveAttribute(
		'aria-current',
		'page',
	)
}

test('a new account changes its password: the old one stops working and the new one signs in', async ({ page, js }) => {
	const email = uniqueEmail('password')
	const oldPassword = 'First-pass-2026'
	const newPassword = 'Second-pass-2026'
	await registerThroughUi(page, { kind: 'individual', firstName: 'Tobi', email, password: oldPassword })
	await page.getByLabel('Sector').selectOption('Education')
	await page.getByLabel('State', { exact: true }).selectOption('Lagos')
	await page.getByLabel('Local government area').selectOption('Ikeja')
	await page.getByLabel('Address').fill('7 Awolowo Way')
	await page.getByLabel('Phone number').fill('08031234567')
	await page.getByRole('button', { name: 'Save and continue' }).click()
	await expect(page).toHaveURL('/')

	await visit(page, '/settings?tab=security')
	await expectTab(page, 'Security')
	// An individual has details rather than a business, and no team.
	await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link')).toHaveText([
		'Profile',
		'Security',
		'Your details',
		'Activity',
	])
	expect((await page.request.get('/settings?tab=team')).status()).toBe(404)
	await expectAccessible(page, js)
	const current = page.getByLabel('Current password')
	const fresh = page.getByLabel('New password', { exact: true })
	const again = page.getByLabel('New password again')
	const submit = () => page.getByRole('button', { name: 'Change password' }).click()

	await current.fill('Wrong-pass-2026')
	await fresh.fill(newPassword)
	await again.fill(newPassword)
	expect(await postStatus(page, submit)).toBe(400)
	await expect(current).toHaveAccessibleDescription('Your current password is not right.')
	await expectAccessible(page, js)

	await current.fill(oldPassword)
	await fresh.fill(newPassword)
	await again.fill('Another-pass-2026')
	expect(await postStatus(page, submit)).toBe(400)
	await expect(again).toHaveAccessibleDescription('The two passwords are not the same.')
	// Passwords never come back from the server.
	if (!js) await expect(current).toHaveValue('')

	await current.fill(oldPassword)
	await fresh.fill(newPassword)
	await again.fill(newPassword)
	await submit()
	await expect(page).toHaveURL('/settings?tab=security')
	await expect(page.getByText('Password changed. Your other sessions were signed out.')).toBeVisible()
	await expect(current).toHaveValue('')

	await page.getByRole('button', { name: 'Sign out' }).click()
	await expect(page).toHaveURL('/login')
	await signIn(page, email, oldPassword)
	await expect(page.getByText('Incorrect email or password.')).toBeVisible()
	await signIn(page, email, newPassword)
	await expect(page).toHaveURL('/')
})

test('the owner invites a Viewer from the team tab, who joins and sees the team without managing it', async ({ page, js }) => {
	const email = uniqueEmail('viewer')
	await signIn(page, OWNER, DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	await visit(page, '/settings?tab=team')
	await expectTab(page, 'Team')
	const ownerEdit = await page.getByRole('link', { name: 'Edit Adaeze Okafor' }).getAttribute('href')
	expect(ownerEdit).toMatch(/^\/settings\/edit\/[0-9a-f-]{36}$/)

	const invite = page.getByRole('region', { name: 'Invite someone' })
	const send = () => invite.getByRole('button', { name: 'Send invitation' }).click()
	await invite.getByLabel('Email address').fill('not-an-email')
	expect(await postStatus(page, send)).toBe(400)
	await expect(invite.getByLabel('Email address')).toHaveAccessibleDescription('Enter a valid email address, like name@company.com.')
	await expect(invite.getByLabel('Role')).toHaveAccessibleDescription('Choose a role.')
	await expect(invite.getByLabel('Email address')).toHaveValue('not-an-email')
	await expectAccessible(page, js)

	await invite.getByLabel('Email address').fill(email)
	await invite.getByLabel('Role').selectOption({ label: 'Viewer' })
	await send()
	await expect(page).toHaveURL('/settings?tab=team')
	await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible()
	const row = page.getByRole('table', { name: 'Invitations waiting for an answer' }).getByRole('row', { name: new RegExp(email) })
	await expect(row.getByRole('cell')).toHaveText(['Viewer', 'Pending', /\d{4}$/, /Resend.*Revoke/])
	await expect(invite.getByLabel('Email address')).toHaveValue('')
	await row.getByRole('button', { name: `Resend the invitation to ${email}` }).click()
	await expect(page.getByText(`Invitation sent again to ${email}.`)).toBeVisible()
	await expectAccessible(page, js)

	// The resent link replaced the first; the owner signs out and the invitee accepts it.
	const link = await invitationLink(page, email)
	await page.getByRole('button', { name: 'Sign out' }).click()
	await expect(page).toHaveURL('/login')
	await visit(page, link)
	await page.getByLabel('First name').fill('Kemi')
	await page.getByLabel('Last name').fill('Bello')
	await page.getByLabel('Password').fill(MEMBER_PASSWORD)
	await page.getByRole('button', { name: 'Accept invitation' }).click()
	await expect(page).toHaveURL('/')
	await expect(page.getByRole('main').getByText('Okafor Logistics Ltd')).toBeVisible()

	await visit(page, '/settings?tab=team')
	const members = page.getByRole('table', { name: 'Team members' })
	await expect(members.getByRole('row', { name: /Adaeze Okafor/ })).toContainText('Owner')
	await expect(members.getByRole('row', { name: new RegExp(email) })).toContainText('Viewer')
	await expect(members.getByRole('columnheader')).toHaveText(['Name', 'Email', 'Role', 'Status', 'Date added'])
	await expect(page.getByRole('link', { name: 'Roles and permissions' })).toHaveAttribute('href', '/settings/roles')
	await expect(page.getByRole('region', { name: 'Invite someone' })).toHaveCount(0)
	await expect(page.getByRole('link', { name: /^Edit/ })).toHaveCount(0)
	await expect(page.getByRole('button', { name: /^(Resend|Revoke)/ })).toHaveCount(0)
	await expectAccessible(page, js)

	await visit(page, '/settings?tab=business')
	await expect(page.getByRole('main')).toContainText('Okafor Logistics Ltd')
	await expect(page.getByRole('link', { name: 'Edit business details' })).toHaveCount(0)

	const forbidden = await visit(page, ownerEdit!)
	expect(forbidden?.status()).toBe(403)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Something Went Wrong')
	await expect(page.getByText('403', { exact: true })).toBeVisible()
	await expect(page.getByText('Your role does not allow this page. Ask an owner of your business for access.')).toBeVisible()
	await expectAccessible(page, js)
})

test('the owner changes a member’s role to HR, then deactivates them', async ({ page, request, js }) => {
	const member = await joinDemoBusiness(page, request, 'Viewer', `Adebayo${Date.now() % 100_000}`)
	await signIn(page, OWNER, DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	await visit(page, '/settings?tab=team')
	const row = () => page.getByRole('table', { name: 'Team members' }).getByRole('row', { name: new RegExp(member.email) })
	await row()
		.getByRole('link', { name: `Edit ${member.name}` })
		.click()
	await expect(page).toHaveURL(/\/settings\/edit\/[0-9a-f-]{36}$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Edit ${member.name}`)
	await expect(page.getByLabel('Role')).toHaveValue(/.+/)
	await expect(page.getByRole('radio', { name: 'Active' })).toBeChecked()
	await expectAccessible(page, js)

	await page.getByLabel('Role').selectOption({ label: 'HR' })
	await page.getByRole('button', { name: 'Save changes' }).click()
	await expect(page).toHaveURL('/settings?tab=team')
	await expect(page.getByText('Team member saved.')).toBeVisible()
	await expect(row().getByRole('cell').nth(1)).toHaveText('HR')

	await row()
		.getByRole('link', { name: `Edit ${member.name}` })
		.click()
	await expect(page.getByLabel('Role').locator('option:checked')).toHaveText('HR')
	await page.getByRole('radio', { name: 'Deactivated' }).check()
	await page.getByRole('button', { name: 'Save changes' }).click()
	await expect(page).toHaveURL('/settings?tab=team')
	await expect(row().getByRole('cell').nth(2)).toHaveText('Deactivated')

	// The API's refusals show on the form: nobody deactivates themselves.
	await page.getByRole('link', { name: 'Edit Adaeze Okafor' }).click()
	await page.getByRole('radio', { name: 'Deactivated' }).check()
	expect(await postStatus(page, () => page.getByRole('button', { name: 'Save changes' }).click())).toBe(400)
	await expect(page.getByText('You cannot deactivate yourself. Ask another member with team access.')).toBeVisible()
	await expect(page.getByRole('radio', { name: 'Deactivated' })).toBeChecked()
	await expectAccessible(page, js)

	const missing = await visit(page, '/settings/edit/00000000-0000-4000-8000-000000000000')
	expect(missing?.status()).toBe(404)
	await expect(page.getByText('We could not find that team member.')).toBeVisible()
})

test('a member edits their profile and sees the new phone on the profile tab', async ({ page, request, js }) => {
	const member = await joinDemoBusiness(page, request, 'Viewer', 'Okon')
	await signIn(page, member.email, MEMBER_PASSWORD)
	await expect(page).toHaveURL('/')
	await visit(page, '/settings')
	await expectTab(page, 'Profile')
	const profile = page.getByRole('region', { name: 'Your profile' })
	await expect(profile.getByRole('definition')).toHaveText([member.name, member.email, 'Not given', 'Viewer'])
	await expectAccessible(page, js)

	await profile.getByRole('link', { name: 'Edit profile' }).click()
	await expect(page).toHaveURL('/settings/edit')
	await expect(page.getByLabel('First name')).toHaveValue('Bisi')
	await page.getByLabel('First name').fill('')
	await page.getByLabel('Phone number').fill('0803')
	const save = () => page.getByRole('button', { name: 'Save profile' }).click()
	expect(await postStatus(page, save)).toBe(400)
	await expect(page.getByLabel('First name')).toHaveAccessibleDescription('Enter your first name.')
	await expect(page.getByLabel('Phone number')).toHaveAccessibleDescription(/Enter a valid Nigerian phone number/)
	await expect(page.getByLabel('Phone number')).toHaveValue('0803')
	await expectAccessible(page, js)

	await page.getByLabel('First name').fill('Bisi')
	await page.getByLabel('Phone number').fill('08051234567')
	await save()
	await expect(page).toHaveURL('/settings?tab=profile')
	await expect(page.getByText('Profile saved.')).toBeVisible()
	await expect(profile.getByRole('definition').nth(2)).toHaveText('08051234567')
})

/**
 * A fresh account registered, verified and through KYC by the API: an individual, or a business
 * registered with the CAC (RC7654321) that has not verified it. Its profile is then changed `edits` times.
 */
async function accountThroughApi(page: Page, request: APIRequestContext, kind: 'individual' | 'business', edits = 0) {
	const email = uniqueEmail(kind)
	const password = 'History-pass-2026'
	const signedUp = await request.post('/api/v1/auth/sign-up', {
		data: {
			account_type: kind,
			business_name: kind === 'business' ? 'Ayo Foods Ltd' : undefined,
			first_name: 'Funke',
			last_name: 'Ayo',
			email,
			phone: '08031234567',
			password,
			platform: 'web',
		},
	})
	expect(signedUp.status()).toBe(201)
	const user = (await signedUp.json()).data as { id: string; access_token: string; customer: { id: string } }
	const headers = { Authorization: `Bearer ${user.access_token}` }
	const verified = await request.post('/api/v1/auth/verify-email', { headers, data: { otp: await latestCode(page, email) } })
	expect(verified.status()).toBe(200)
	const details = { sector: 'Education', state: 'Lagos', lga: 'Ikeja', address: '7 Awolowo Way', phone: '08031234567' }
	const registration = kind === 'business' ? { name: 'Ayo Foods Ltd', business_type: 'RC', registration_number: 'RC7654321' } : {}
	const kyc = await request.post(`/api/v1/business/${user.customer.id}`, { headers, data: { ...details, ...registration } })
	expect(kyc.status()).toBe(200)
	for (let i = 0; i < edits; i++) {
		const edited = await request.patch(`/api/v1/users/${user.id}`, { headers, data: { last_name: `Ayo${i}` } })
		expect(edited.status()).toBe(200)
	}
	return { email, password }
}

const lagosDay = (offsetDays = 0) =>
	new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' })

test('the activity log filters by type and dates, and pages through', async ({ page, request, js }) => {
	const account = await accountThroughApi(page, request, 'individual', 21)
	await signIn(page, account.email, account.password)
	await expect(page).toHaveURL('/')
	await visit(page, '/settings?tab=activity')
	await expectTab(page, 'Activity')
	const log = page.getByRole('table', { name: /^Activity of the business/ })
	// 21 profile changes, the account itself and its details: 23 entries, newest first.
	await expect(page.getByText('23 entries')).toBeVisible()
	await expect(log.getByRole('row').nth(1).getByRole('cell')).toHaveText([
		/\d{4}, \d\d:\d\d$/,
		'Profile of Funke Ayo20 updated',
		'Profile updated',
		'Funke Ayo20',
	])
	await expectAccessible(page, js)

	await page.getByLabel('Type').selectOption({ label: 'Profile updated' })
	await page.getByLabel('From').fill(lagosDay())
	await page.getByRole('button', { name: 'Filter' }).click()
	await expect(page).toHaveURL(`/settings?tab=activity&type=user.updated&from=${lagosDay()}&to=`)
	await expect(page.getByText('21 entries')).toBeVisible()
	await expect(log.getByRole('row')).toHaveCount(21)
	const pages = page.getByRole('navigation', { name: 'Pages of the activity' })
	await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
	await pages.getByRole('link', { name: 'Next' }).click()
	await expect(page).toHaveURL(`/settings?tab=activity&type=user.updated&from=${lagosDay()}&page=2`)
	await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
	await expect(log.getByRole('row')).toHaveCount(2)
	await expect(log.getByRole('row').nth(1)).toContainText('Profile of Funke Ayo0 updated')
	await expect(page.getByLabel('Type')).toHaveValue('user.updated')
	await expectAccessible(page, js)

	await visit(page, `/settings?tab=activity&from=${lagosDay(1)}`)
	await expect(page.getByText('No activity matches these filters.')).toBeVisible()
	const reversed = await visit(page, `/settings?tab=activity&from=${lagosDay(1)}&to=${lagosDay()}`)
	expect(reversed?.status()).toBe(400)
	await expect(page.getByLabel('From')).toHaveAccessibleDescription('The start date must come before the end date.')
	await expect(page.getByLabel('From')).toHaveValue(lagosDay(1))
	await expectAccessible(page, js)
	expect((await page.request.get('/settings?tab=activity&to=2026-02-30')).status()).toBe(400)
})

// Every kind of entry is named for people: the demo's year of history writes many kinds (invoices,
// rewards, plans' members, claims), and none shows as the machine's code, like `invoice.overdue`.
test('the demo business’s activity log names every kind of entry, and filters by the ones it names', async ({ page }) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	const types = page.getByLabel('Type')
	for (let n = 1; n <= 3; n++) {
		await visit(page, `/settings?tab=activity&page=${n}`)
		const log = page.getByRole('table', { name: /^Activity of the business/ })
		const kinds = await log.getByRole('row').locator('[data-label="Type"]').allTextContents()
		expect(kinds.length).toBeGreaterThan(0)
		for (const kind of kinds) expect(kind, 'a kind of entry as its code').not.toMatch(/^[a-z_]+\.[a-z_]+$/)
	}
	await expect(types.locator('option', { hasText: 'Invoice overdue' })).toHaveCount(1)
	await types.selectOption({ label: 'Invoice overdue' })
	await page.getByRole('button', { name: 'Filter' }).click()
	await expect(page).toHaveURL(/type=invoice\.overdue/)
	const rows = page.getByRole('table', { name: /^Activity of the business/ }).getByRole('row')
	await expect(rows.filter({ hasText: 'Reminder sent: invoice INV-' }).first()).toBeVisible()
})

test('a tab the role may not see is hidden, and asking for it is a 403', async ({ page, request, js }) => {
	const member = await joinDemoBusiness(page, request, 'Finance', 'Eze')
	await signIn(page, member.email, MEMBER_PASSWORD)
	await expect(page).toHaveURL('/')
	await visit(page, '/settings')
	await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link')).toHaveText(['Profile', 'Security', 'Business'])
	const response = await visit(page, '/settings?tab=team')
	expect(response?.status()).toBe(403)
	await expect(page.getByText('Your role does not allow this page. Ask an owner of your business for access.')).toBeVisible()
	await expectAccessible(page, js)
})

test('the business tab shows the details, and an owner of an unverified registration is offered the CAC', async ({ page, request, js }) => {
	const account = await accountThroughApi(page, request, 'business')
	await signIn(page, account.email, account.password)
	// Home, with or without the CAC dialog it may open.
	await expect(page).toHaveURL((url) => url.pathname === '/')
	await visit(page, '/settings?tab=business')
	await expectTab(page, 'Business')
	const details = page.getByRole('region', { name: 'Business details' })
	await expect(details.getByRole('term')).toHaveText([
		'Business name',
		'Kind of account',
		'Sector',
		'Registration type',
		'Registration number',
		'State',
		'Local government area',
		'Address',
		'Phone number',
		'CAC status',
	])
	await expect(details.getByRole('definition')).toHaveText([
		'Ayo Foods Ltd',
		'Business',
		'Education',
		'Limited liability company (RC)',
		'RC7654321',
		'Lagos',
		'Ikeja',
		'7 Awolowo Way',
		'08031234567',
		/^Not verified/,
	])
	await expect(details.getByRole('link', { name: 'Verify with the CAC' })).toHaveAttribute('href', '/?dialog=cac')
	await expect(details.getByRole('link', { name: 'Edit business details' })).toHaveAttribute('href', '/update/kyc')
	await expectAccessible(page, js)
})
