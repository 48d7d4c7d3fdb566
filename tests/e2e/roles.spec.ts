import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, expectAccessible, postStatus, signIn, test, visit } from './support.ts'

async function signInAsOwner(page: Page) {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
}

const permission = (page: Page, description: string) => page.getByRole('checkbox', { name: description, exact: true })

test('the owner creates a role, sees it listed, edits it and deletes it', async ({ page, js }) => {
	const name = `Claims desk ${randomUUID().slice(0, 8)}`
	await signInAsOwner(page)
	await visit(page, '/settings/roles')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Roles')
	await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Settings' })).toHaveAttribute(
		'href',
		'/settings',
	)
	// The built-in roles come first, marked, and cannot be edited or deleted.
	const roleNames = page.getByRole('main').getByRole('heading', { level: 2 })
	await expect(roleNames.first()).toHaveText('Owner Built in')
	const viewer = page.getByRole('region', { name: 'Viewer Built in' })
	await expect(viewer).toContainText('Read only')
	await expect(viewer.getByRole('listitem').first()).toHaveText('See the business profile and KYC details')
	await expect(viewer.getByRole('link', { name: 'Edit' })).toHaveCount(0)
	await expect(viewer.getByRole('button', { name: 'Delete' })).toHaveCount(0)
	await expectAccessible(page, js)

	await page.getByRole('link', { name: 'New role' }).click()
	await expect(page).toHaveURL('/settings/roles/new')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('New role')
	await expect(page.getByRole('group', { name: 'Claims' })).toBeVisible()
	await page.getByLabel('Name', { exact: true }).fill(name)
	await page.getByLabel('Description').fill('Handles claims for staff')
	await permission(page, 'See claims').check()
	await permission(page, 'Make and manage claims').check()
	await expectAccessible(page, js)
	await page.getByRole('button', { name: 'Create role' }).click()

	await expect(page).toHaveURL('/settings/roles')
	await expect(page.getByText(`Role ${name} created.`)).toBeVisible()
	const role = page.getByRole('region', { name })
	await expect(role).toContainText('Handles claims for staff')
	await expect(role).toContainText('0 members')
	await expect(role.getByRole('listitem')).toHaveText(['See claims', 'Make and manage claims'])
	await expectAccessible(page, js)

	await role.getByRole('link', { name: 'Edit' }).click()
	await expect(page).toHaveURL(/\/settings\/roles\/[0-9a-f-]{36}$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit role')
	await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name)
	await expect(permission(page, 'See claims')).toBeChecked()
	await expect(permission(page, 'Make and manage claims')).toBeChecked()
	await expect(permission(page, 'See cover plans and policies')).not.toBeChecked()
	await permission(page, 'See cover plans and policies').check()
	await page.getByRole('button', { name: 'Save role' }).click()

	await expect(page).toHaveURL('/settings/roles')
	await expect(page.getByText(`Role ${name} saved.`)).toBeVisible()
	// Listed in the catalogue's order.
	await expect(role.getByRole('listitem')).toHaveText(['See cover plans and policies', 'See claims', 'Make and manage claims'])

	await role.getByRole('button', { name: 'Delete' }).click()
	await expect(page.getByText(`Role ${name} deleted.`)).toBeVisible()
	await expect(role).toHaveCount(0)
})

test('a role without permissions, or with a name taken, is refused beside the field and the boxes stay checked', async ({ page, js }) => {
	await signInAsOwner(page)
	await visit(page, '/settings/roles/new')
	const nameField = page.getByLabel('Name', { exact: true })
	await nameField.fill('Viewer')
	const create = () => page.getByRole('button', { name: 'Create role' }).click()
	// Forms are checked on the server with and without JavaScript (decision 006).
	expect(await postStatus(page, create)).toBe(400)
	await expect(page.getByText('Choose at least one permission.')).toBeVisible()
	await expect(permission(page, 'See invoices')).toHaveAttribute('aria-invalid', 'true')
	await expect(nameField).toHaveValue('Viewer')

	await permission(page, 'See invoices').check()
	await permission(page, 'See transactions and receipts').check()
	expect(await postStatus(page, create)).toBe(409)
	await expect(nameField).toHaveAccessibleDescription('A role with this name already exists. Choose another name.')
	await expect(nameField).toHaveAttribute('aria-invalid', 'true')
	await expect(nameField).toHaveValue('Viewer')
	await expect(permission(page, 'See invoices')).toBeChecked()
	await expect(permission(page, 'See transactions and receipts')).toBeChecked()
	await expect(permission(page, 'See claims')).not.toBeChecked()
	await expect(page.getByText('Choose at least one permission.')).toHaveCount(0)
	await expect(page).toHaveURL('/settings/roles/new')
	await expectAccessible(page, js)
})

test('a built-in role opens read-only, and a role that does not exist is a 404', async ({ page, js }) => {
	await signInAsOwner(page)
	// The list links no built-in role: its id comes from the API, signed in as the owner.
	const signedIn = await page.request.post('/api/v1/auth/sign-in', {
		data: { email: 'business@example.com', password: DEMO_PASSWORD, platform: 'web' },
	})
	const token = (await signedIn.json()).data.access_token as string
	const roles = (await (await page.request.get('/api/v1/roles', { headers: { Authorization: `Bearer ${token}` } })).json()).data as Array<{
		id: string
		name: string
	}>
	const viewer = roles.find((r) => r.name === 'Viewer')!

	await visit(page, `/settings/roles/${viewer.id}`)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Viewer Built in')
	await expect(page.getByText('Built-in roles are the same for every business and cannot be changed.', { exact: false })).toBeVisible()
	await expect(page.getByRole('textbox')).toHaveCount(0)
	await expect(page.getByRole('checkbox')).toHaveCount(0)
	await expectAccessible(page, js)

	const missing = await page.goto(`/settings/roles/${randomUUID()}`)
	expect(missing?.status()).toBe(404)
	await expect(page.getByText('This role does not exist in your business.')).toBeVisible()
	expect((await page.goto('/settings/roles/not-a-role'))?.status()).toBe(404)
})
