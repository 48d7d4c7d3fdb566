import { DEMO_PASSWORD, expect, expectAccessible, postStatus, signIn, test, visit } from './support.ts'

test.beforeEach(async ({ page }) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
})

test('the catalogue lists the products by category, and a category narrows it', async ({ page, js }) => {
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click()
	await expect(page).toHaveURL('/products')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products')
	const auto = page.getByRole('region', { name: 'Auto' })
	await expect(auto.getByRole('link', { name: 'Third Party Motor' })).toHaveAttribute('href', '/products/1')
	await expect(page.getByRole('region', { name: 'Health' })).toBeVisible()
	await expect(page.getByText(/^From ₦[\d,]+ per person a month$/).first()).toBeVisible()
	// Every card has its from price (decision 154): Third Party Motor's least is a motorcycle's tariff.
	await expect(auto.getByRole('listitem').filter({ hasText: 'Third Party Motor' })).toContainText('From ₦3,000 per year')
	await expect(page.getByRole('region').getByRole('listitem')).toHaveCount(21)
	await expect(
		page
			.getByRole('region')
			.getByRole('listitem')
			.filter({ hasNotText: /From ₦[\d,]+ per / }),
	).toHaveCount(0)
	const categories = page.getByRole('navigation', { name: 'Categories' })
	await expect(categories.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page')
	await expectAccessible(page, js)

	await categories.getByRole('link', { name: 'Gadget' }).click()
	await expect(page).toHaveURL('/products?category=gadget')
	await expect(categories.getByRole('link', { name: 'Gadget' })).toHaveAttribute('aria-current', 'page')
	await expect(categories.getByRole('link', { name: 'All' })).not.toHaveAttribute('aria-current', 'page')
	await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Gadget'])
	await expect(page.getByRole('link', { name: 'Third Party Motor' })).toHaveCount(0)
	await expectAccessible(page, js)

	await categories.getByRole('link', { name: 'Auto' }).click()
	await expect(page).toHaveURL('/products?category=auto')
	await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Auto'])
	await page.getByRole('link', { name: 'Third Party Motor' }).click()
	await expect(page).toHaveURL('/products/1')
})

const quote = (page: import('@playwright/test').Page) => page.getByRole('status').filter({ hasText: 'Your quote' })

test('third-party cover for a private car is priced at ₦15,000, the choice kept in the form', async ({ page, js }) => {
	await visit(page, '/products/1')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Third Party Motor')
	await expect(page.getByText('From ₦3,000 per year', { exact: true })).toBeVisible()
	for (const name of ['Benefits', 'Exclusions', 'Claim limits', 'Get a price']) {
		await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
	}
	await expect(
		page
			.getByRole('region', { name: 'Claim limits' })
			.getByText(/^₦\d{1,3}(,\d{3})+$/)
			.first(),
	).toBeVisible()
	await expect(page.getByRole('button', { name: /buy/i })).toHaveCount(0)
	await expectAccessible(page, js)

	await page.getByLabel('Class of vehicle').selectOption({ label: 'Private car' })
	expect(await postStatus(page, () => page.getByRole('button', { name: 'Get a price' }).click())).toBe(200)
	await expect(quote(page).getByRole('definition').last()).toHaveText('₦15,000')
	await expect(quote(page).getByRole('term').last()).toHaveText('Total')
	await expect(page.getByLabel('Class of vehicle')).toHaveValue('private_car')
	await expectAccessible(page, js)
})

test('on a phone the quote appears where the user is looking, its price and buy button kept in view', async ({ page, js }) => {
	await page.setViewportSize({ width: 390, height: 740 })
	await visit(page, '/products/1')
	await page.getByLabel('Class of vehicle').selectOption({ label: 'Private car' })
	await page.getByRole('button', { name: 'Get a price' }).click()
	await expect(page).toHaveURL('/products/1#your-quote')
	await expect(quote(page).getByRole('heading', { name: 'Your quote' })).toBeInViewport()
	const summary = page.getByRole('region', { name: 'Quote summary' })
	await expect(summary).toBeInViewport()
	await expect(summary).toContainText('Total ₦15,000')
	await expect(summary.getByRole('button', { name: 'Buy' })).toBeVisible()
	// Reading on through the payment options, the price and the button stay on the screen.
	await page.getByRole('radio', { name: /^Card or bank transfer/ }).scrollIntoViewIfNeeded()
	await expect(summary).toBeInViewport()
	await expectAccessible(page, js)

	// A refused pricing lands on the form and its message, not the top of the page.
	await visit(page, '/products/2')
	await page.getByLabel('Class of vehicle').selectOption({ label: 'Private car' })
	expect(await postStatus(page, () => page.getByRole('button', { name: 'Get a price' }).click())).toBe(400)
	await expect(page.getByRole('heading', { name: 'Get a price' })).toBeInViewport()
})

test('comprehensive cover for a ₦4,500,000 private car is priced at ₦225,000', async ({ page, js }) => {
	await visit(page, '/products/2')
	await page.getByLabel('Class of vehicle').selectOption({ label: 'Private car' })
	await page.getByLabel('Value of the vehicle').fill('4500000')
	await page.getByRole('button', { name: 'Get a price' }).click()
	await expect(quote(page).getByRole('definition').last()).toHaveText('₦225,000')
	await expect(page.getByLabel('Value of the vehicle')).toHaveValue('₦4,500,000')
	await expect(page.getByLabel('Class of vehicle')).toHaveValue('private_car')
	await expectAccessible(page, js)
})

test("an empty required field answers 400 with the API's message beside it, the other values kept", async ({ page, js }) => {
	await visit(page, '/products/2')
	await page.getByLabel('Class of vehicle').selectOption({ label: 'Private car' })
	expect(await postStatus(page, () => page.getByRole('button', { name: 'Get a price' }).click())).toBe(400)
	const value = page.getByLabel('Value of the vehicle')
	await expect(value).toHaveAttribute('aria-invalid', 'true')
	await expect(value).toHaveAccessibleDescription(/Enter the value of the vehicle in Naira, like ₦4,500,000\./)
	await expect(page.getByLabel('Class of vehicle')).toHaveValue('private_car')
	await expect(quote(page)).toHaveCount(0)
	await expectAccessible(page, js)
})

test('an unknown product is a 404 page', async ({ page, js }) => {
	const response = await visit(page, '/products/999')
	expect(response?.status()).toBe(404)
	await expect(page.getByText('We could not find that product.', { exact: true })).toBeVisible()
	await expectAccessible(page, js)
})
