import type { Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, expectAccessible, signIn, test, visit, operatorPage } from './support.ts'
import { PDF, PNG } from './upload-files.ts'

// A gadget screen-damage claim from its form to its payout: the demo business makes it, the demo
// operator reviews, offers and pays it in a second browser context (docs/decisions/068 to 071).

const daysAgo = (n: number) => new Date(Date.now() + 3_600_000 - n * 86_400_000).toISOString().slice(0, 10)

const uploadIn = async (page: Page, label: string, file: typeof PNG) => {
	const form = page.locator('form').filter({ has: page.getByLabel(label, { exact: true }) })
	await form.getByLabel(label, { exact: true }).setInputFiles(file)
	await form.getByRole('button', { name: /^(Upload|Replace)$/ }).click()
}

test('a gadget screen-damage claim goes from the form to the payout, the desk reviewing in a second browser', async ({
	page,
	browser,
	baseURL,
}) => {
	const js = test.info().project.use.javaScriptEnabled !== false
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	await page.getByRole('link', { name: 'Claims', exact: true }).first().click()
	await expect(page.getByRole('heading', { name: 'Claims', level: 1 })).toBeVisible()
	await page.getByRole('link', { name: 'Make a claim' }).first().click()
	// The demo business has several gadget policies (its year of history): any active one takes the claim.
	await page
		.getByRole('listitem')
		.filter({ hasText: 'Gadget Cover' })
		.filter({ hasText: 'Active' })
		.getByRole('link', { name: 'Claim on this policy' })
		.first()
		.click()

	// Bad input keeps what was typed and says what is wrong.
	await page.getByLabel('What happened', { exact: true }).selectOption('screen_damage')
	await page.getByLabel('Date of the incident').fill(daysAgo(3))
	await page.getByLabel('Where it happened').fill('Allen Avenue, Ikeja')
	await page.getByLabel('What happened, in your words').fill('Dropped.')
	await page.getByLabel('Amount you are claiming').fill('50000')
	await page.getByRole('button', { name: 'Start the claim' }).click()
	await expect(page.getByText('Describe what happened in at least 10 characters.')).toBeVisible()
	await expect(page.getByLabel('Where it happened')).toHaveValue('Allen Avenue, Ikeja')
	await page.getByLabel('What happened, in your words').fill('The phone fell on the tiles and the screen cracked.')
	await page.getByRole('button', { name: 'Start the claim' }).click()

	await expect(page.getByRole('heading', { name: 'Photos of the damage' })).toBeVisible()
	const claimId = page.url().match(/make-claim\/([0-9a-f-]+)\//)![1]!
	await uploadIn(page, 'Photo 1', PNG)
	await expect(page.getByText('(photo.png uploaded)')).toBeVisible()
	await page.getByRole('button', { name: 'Done with photos' }).click()

	await expect(page.getByRole('heading', { name: 'Repair estimate' })).toBeVisible()
	await page.getByLabel('Line 1: description').fill('Replacement screen')
	await page.getByLabel('Line 1: amount').fill('40000')
	await page.getByLabel('Line 2: kind').selectOption('labour')
	await page.getByLabel('Line 2: description').fill('Fitting')
	await page.getByLabel('Line 2: amount').fill('10000')
	await page.getByRole('button', { name: 'Save the estimate' }).click()

	await expect(page.getByRole('heading', { name: /Documents for claim/ })).toBeVisible()
	// The claim's own address (a back link or a trimmed URL) resumes it at the step still missing.
	await visit(page, `/claims/make-claim/${claimId}`)
	await expect(page).toHaveURL(`/claims/make-claim/${claimId}/list`)
	await expect(page.getByRole('heading', { name: /Documents for claim/ })).toBeVisible()
	await uploadIn(page, 'Proof of purchase', PDF)
	await expect(page.getByText('(scan.pdf uploaded)')).toBeVisible()
	await page.getByRole('button', { name: 'Submit the claim' }).click()
	await expect(page).toHaveURL(`/claims/details-${claimId}`)
	await expect(page.getByRole('heading', { level: 1 })).toContainText('In review')

	const desk = await operatorPage(browser, baseURL!, js)
	// The queue lists it with when each claim last changed, the longest waiting first.
	const queue = desk.getByRole('table', { name: /^Claims, oldest change first/ })
	await expect(queue.getByRole('columnheader', { name: 'Last change' })).toBeVisible()
	await expect(queue.locator(`a[href="/ops/claims/${claimId}"]`)).toBeVisible()
	const changed = await queue.locator('time').evaluateAll((times) => times.map((t) => Date.parse(t.getAttribute('datetime')!)))
	expect(changed.length).toBeGreaterThan(1)
	expect(changed).toEqual([...changed].sort((a, b) => a - b))
	await visit(desk, `/ops/claims/${claimId}`)
	await expect(desk.getByRole('img', { name: /Damage 1/ })).toBeVisible()
	await expect(desk.getByRole('link', { name: 'scan.pdf' })).toBeVisible()
	await desk.getByRole('button', { name: 'Approve' }).click()
	await expect(desk.getByRole('heading', { level: 1 })).toContainText('Approved')
	await desk.getByLabel('Assessed loss (₦)').fill('50000')
	await desk.getByLabel('Of which parts (₦)').fill('40000')
	await desk.getByLabel('Age of the item (years)').fill('2')
	await desk.getByRole('button', { name: 'Send the offer' }).click()
	await expect(desk.getByText('= ₦37,000')).toBeVisible()

	// The customer sees the deductions and accepts.
	await visit(page, `/claims/details-${claimId}`)
	await expect(page.getByText('− ₦5,000')).toBeVisible()
	await expect(page.getByText('− ₦8,000')).toBeVisible()
	await page.getByRole('button', { name: 'Accept the offer' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Offer accepted')

	await visit(desk, `/ops/claims/${claimId}`)
	await desk.getByRole('button', { name: "Pay into the customer's wallet" }).click()
	await expect(desk.getByRole('heading', { level: 1 })).toContainText('Paid out')
	await desk.context().close()

	await visit(page, `/claims/details-${claimId}`)
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Paid out')
	await expect(page.getByText('Paid into your wallet.')).toBeVisible()
})

// A policy's usage on a phone: each limit's name and figures as text at a reading size, and its bar as long
// as the share used (an SVG drawn 640 units wide showed them at half size on 360 px).
test('a policy’s usage reads on a phone: each limit named with its figures, its bar the share used', async ({ page, js }) => {
	await page.setViewportSize({ width: 360, height: 740 })
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	await visit(page, '/claims')
	await page.getByRole('row').getByRole('link', { name: 'Gadget Cover', exact: true }).first().click()
	await expect(page).toHaveURL(/\/claims\/[0-9a-f-]{36}$/)
	await page.getByRole('link', { name: 'Plan usage chart' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Usage of Gadget Cover')
	const limits = page.getByRole('list', { name: 'Claims against the claim limit' }).getByRole('listitem')
	await expect(limits.filter({ hasText: 'Screen damage' })).toHaveCount(1)
	for (const item of await limits.all()) {
		const text = (await item.textContent()) ?? ''
		const [, used, limit] = text.match(/₦([\d,]+) of ₦([\d,]+)$/) ?? []
		expect(used, `figures of "${text}"`).toBeDefined()
		const share = Math.min(1, Number(used!.replaceAll(',', '')) / Number(limit!.replaceAll(',', '')))
		// The bar's filled part is that share of its track, within a pixel.
		const [track, fill] = await item.evaluate((li) => {
			const bar = li.querySelector('[data-share]')!
			return [bar.getBoundingClientRect().width, bar.firstElementChild!.getBoundingClientRect().width]
		})
		expect(Math.abs(fill - track * share)).toBeLessThanOrEqual(1)
		const size = await item
			.locator('span')
			.first()
			.evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize))
		expect(size).toBeGreaterThanOrEqual(14)
	}
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
	await expectAccessible(page, js)
})

test('the repair estimate names each field of a line on a phone, and its columns once on a wide screen', async ({ page, js }) => {
	await page.setViewportSize({ width: 360, height: 740 })
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	await page
		.getByRole('link', { name: /^Finish claim CL-/ })
		.first()
		.click()
	await page.getByRole('link', { name: '3. Estimate' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Repair estimate')
	const first = page.getByRole('group', { name: 'Line 1' })
	for (const name of ['Kind', 'Description', 'Amount (₦)']) await expect(first.getByText(name, { exact: true })).toBeVisible()
	// A visible label takes the user to its field.
	await first.getByText('Amount (₦)', { exact: true }).click()
	await expect(page.getByLabel('Line 1: amount')).toBeFocused()
	await expectAccessible(page, js)
	await page.setViewportSize({ width: 1280, height: 800 })
	await expect(first.getByText('Amount (₦)', { exact: true })).toBeHidden()
	await expect(page.getByText('Amount (₦)', { exact: true }).filter({ visible: true })).toHaveCount(1)
})

test('making a claim offers only active cover, and names cover waiting for activation with the way to it', async ({ page, js }) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	await page.getByRole('link', { name: 'Claims', exact: true }).first().click()
	await page.getByRole('link', { name: 'Make a claim' }).first().click()
	await expect(page).toHaveURL('/claims/make-claim')

	// The demo business's year of history has expired and pending cover beside its active policies.
	const offered = page.getByRole('region', { name: 'Which policy covers it?' })
	const choices = offered.getByRole('listitem')
	await expect(choices.first()).toBeVisible()
	const count = await choices.count()
	await expect(offered.getByRole('link', { name: /^Claim on this policy CP-/ })).toHaveCount(count)
	await expect(offered.getByText('Active', { exact: true })).toHaveCount(count)
	await expect(offered.getByText(/Expired|Pending activation|Paused/)).toHaveCount(0)
	await expect(offered.getByText('Only active cover takes a claim: not cover that has ended or is paused.')).toBeVisible()

	const waiting = page.getByRole('region', { name: /^Waiting for activation \(\d+\)$/ })
	const first = waiting.getByRole('listitem').first()
	// Each with its own badge: details still to give, or the car's photos to take (decision 152).
	await expect(waiting.getByText('Pending activation')).not.toHaveCount(0)
	await expect(waiting.getByText('Waiting for inspection')).not.toHaveCount(0)
	const number = (await first.textContent())!.match(/CP-[A-Z]+-\d{4}-\d{6}/)![0]
	await expectAccessible(page, js)
	await first.getByRole('link', { name: `See what it needs for ${number}` }).click()
	await expect(page).toHaveURL(/\/mycover\/[0-9a-f-]{36}$/)
	await expect(page.getByText(new RegExp(`^${number} · `))).toBeVisible()
})
