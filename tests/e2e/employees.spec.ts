import { DEMO_PASSWORD, expect, postStatus, signIn, test, visit } from './support.ts'
import { businessThroughApi } from './wallet-support.ts'

// The staff register (docs/decisions/050-052): add, import, remove with a pending date, dependants
// and custodians, with JavaScript on and off.

const HEADER = 'first_name,last_name,email,phone,gender,date_of_birth'
const csv = (rows: string[]) => ({ name: 'staff.csv', mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...rows].join('\r\n')) })
const tag = () => Math.random().toString(36).slice(2, 8)

test('add one member of staff: a bad email is refused with the values kept, then the record opens', async ({ page, request }) => {
	const owner = await businessThroughApi(page, request, 'Kemi')
	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')
	await visit(page, '/employees')
	await expect(page.getByText('No staff yet. Add a member of staff or import your staff list.')).toBeVisible()
	await page.getByRole('link', { name: 'Add staff member' }).click()
	const dialog = page.getByRole('dialog', { name: 'Add a member of staff' })
	await dialog.getByLabel('First name').fill('Ifeoma')
	await dialog.getByLabel('Last name').fill('Nwankwo')
	await dialog.getByLabel('Email address').fill('ifeoma-at-example')
	await dialog.getByLabel('Phone number').fill('08051234567')
	await dialog.getByLabel('Gender').selectOption('female')
	expect(await postStatus(page, () => dialog.getByRole('button', { name: 'Add staff member' }).click())).toBe(400)
	await expect(dialog.getByText('Enter a valid email address, like name@company.com.')).toBeVisible()
	await expect(dialog.getByLabel('First name')).toHaveValue('Ifeoma')
	await dialog.getByLabel('Email address').fill('ifeoma@kemi-foods.ng')
	await dialog.getByRole('button', { name: 'Add staff member' }).click()
	await expect(page).toHaveURL(/\/employees\/[0-9a-f-]{36}$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ifeoma Nwankwo')
	await visit(page, '/employees')
	const row = page.getByRole('row', { name: /Ifeoma Nwankwo/ })
	await expect(row).toContainText('ifeoma@kemi-foods.ng')
	await expect(row).toContainText('Active')
})

test('import a list with two bad rows, fix them, import all; then remove one and see the pending date', async ({ page, request }) => {
	const owner = await businessThroughApi(page, request, 'Tola')
	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')
	await visit(page, '/import-staff')
	await page
		.getByLabel('Staff list')
		.setInputFiles(
			csv([
				'Sade,Ojo,sade@tola.ng,08061110001,female,',
				'Femi,Ojo,femi-at-tola,08061110002,male,',
				'Bisi,Ojo,bisi@tola.ng,08061110001,female,',
			]),
		)
	await page.getByRole('button', { name: 'Check the list' }).click()
	await expect(page).toHaveURL(/\/import-staff\?import=/)
	await expect(page.getByRole('heading', { name: /2 problems in 2 of 3 rows/ })).toBeVisible()
	await expect(page.getByText('Nothing has been imported.')).toBeVisible()
	await page
		.getByLabel('Upload the corrected file')
		.setInputFiles(
			csv([
				'Sade,Ojo,sade@tola.ng,08061110001,female,',
				'Femi,Ojo,femi@tola.ng,08061110002,male,',
				'Bisi,Ojo,bisi@tola.ng,08061110003,female,',
			]),
		)
	await page.getByRole('button', { name: 'Check the list' }).click()
	await expect(page.getByRole('heading', { name: '3 staff ready to import from staff.csv' })).toBeVisible()
	await page.getByRole('button', { name: 'Import 3 staff' }).click()
	await expect(page).toHaveURL('/employees?sort=enrolled')
	await expect(page.getByText('3 staff', { exact: true })).toBeVisible()

	await visit(page, '/employees/remove-staff')
	await page.getByRole('checkbox', { name: /Femi Ojo/ }).check()
	await page.getByRole('button', { name: 'Continue' }).click()
	const effective = page.getByTestId('effective-date')
	await expect(effective).toContainText('Covered to the end of this month')
	const lastDay = (await effective.locator('strong').first().textContent())!.trim()
	await page.getByRole('button', { name: 'Remove 1 member of staff' }).click()
	await expect(page).toHaveURL('/employees?status=pending')
	const row = page.getByRole('row', { name: /Femi Ojo/ })
	await expect(row).toContainText('To be removed')
	await expect(row).toContainText(`Covered to ${lastDay}`)
})

test('the demo business adds a dependant and names a custodian from the staff list, then activates them', async ({ page, js }) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	await page.getByRole('link', { name: 'Employees' }).first().click()
	await expect(page).toHaveURL('/employees')
	const [member, driver, newCustodian] = js
		? ['babatunde.olatunji@', 'funmilayo.aliyu@', ['damilola.nnaji@', 'Damilola Nnaji']]
		: ['chiamaka.uzor@', 'jumoke.anyanwu@', ['emeka.idowu@', 'Emeka Idowu']]

	await page.getByRole('searchbox', { name: 'Search' }).fill(member)
	await page.getByRole('button', { name: 'Search' }).click()
	// The list the search answers, not the one before it: its one row is the member's.
	await expect(page.getByRole('link', { name: /^View/ })).toHaveCount(1)
	await page.getByRole('link', { name: /^View/ }).first().click()
	const spouse = `Ada${tag()}`
	const form = page.locator('form', { has: page.getByRole('button', { name: 'Add dependant' }) })
	await form.getByLabel('First name').fill(spouse)
	await form.getByLabel('Last name').fill('Okoro')
	await form.getByLabel('Relationship').selectOption('spouse')
	await form.getByLabel('Date of birth').fill('1989-02-14')
	await form.getByLabel('Gender').selectOption('female')
	await form.getByRole('button', { name: 'Add dependant' }).click()
	await expect(page.getByRole('region', { name: 'Dependants' })).toContainText(`${spouse} Okoro · Spouse`)

	await visit(page, `/employees?q=${driver}`)
	await page.getByRole('link', { name: /^View/ }).first().click()
	await page
		.getByRole('row', { name: /Custodian/ })
		.getByRole('link')
		.click()
	await expect(page).toHaveURL(/\/mycover\/[0-9a-f-]{36}$/)
	await page.getByRole('link', { name: 'Change the custodian' }).click()
	await expect(page).toHaveURL(/\/manage-custodian\/[0-9a-f-]{36}\/add$/)
	await page.getByRole('link', { name: 'Choose from the staff list' }).click()
	await page.getByRole('searchbox', { name: 'Search' }).fill(newCustodian[0]!)
	await page.getByRole('button', { name: 'Search' }).click()
	await page.getByRole('radio', { name: new RegExp(newCustodian[1]!) }).check()
	await page.getByRole('button', { name: 'Name custodian' }).click()
	await expect(page).toHaveURL(/\/manage-custodian\/[0-9a-f-]{36}\/activate$/)
	await page.getByLabel('Home address').fill('')
	expect(await postStatus(page, () => page.getByRole('button', { name: 'Activate custodian' }).click())).toBe(400)
	await expect(page.getByText('Enter the address.')).toBeVisible()
	await page.getByLabel('Date of birth').fill('1990-06-01')
	await page.getByLabel('Home address').fill('4 Adeola Odeku Street, Victoria Island')
	await page.getByRole('button', { name: 'Activate custodian' }).click()
	await expect(page).toHaveURL(/\/mycover\/custodian\/[0-9a-f-]{36}$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(newCustodian[1]!)
	await expect(page.getByRole('row', { name: /Custodian/ })).toHaveCount(1)
})

test('/mycover/custodian without an id finds no employee policy', async ({ page }) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	const response = await visit(page, '/mycover/custodian')
	expect(response?.status()).toBe(404)
	await expect(page.getByText('Could not find any employee policy')).toBeVisible()
})
