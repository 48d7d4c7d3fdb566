import { beforeAll, expect, test } from 'vitest'
import { describeApi, testApi } from '#tests/support/test-api.ts'

// The catalogue: GET /products with its from prices (decision 154), GET /products/:id and
// POST /products/compute-price.

type Ctx = Awaited<ReturnType<typeof testApi>>

describeApi('the catalogue', () => {
	let ctx: Ctx
	beforeAll(async () => {
		ctx = await testApi()
	})

	test('GET /products lists every product, filters by category, and gives each its from price', async () => {
		const all = await ctx.call('GET', '/products')
		expect(all.status).toBe(200)
		expect(all.body.data.length).toBe(21)
		const health = await ctx.call('GET', '/products?category=health')
		expect(health.body.data.every((p: { category: string }) => p.category === 'health')).toBe(true)
		expect(health.body.data.find((p: { id: number }) => p.id === 31).from).toEqual({ amount: 3_500, per: 'person a month' })
		// Every product has one (decision 154): the least a quote of its form comes to.
		expect(all.body.data.filter((p: { from: unknown }) => p.from === null)).toEqual([])
		expect(await ctx.call('GET', '/products?category=pets')).toMatchObject({
			status: 400,
			body: { errors: [{ path: 'category', message: 'Choose a category: health, auto, gadget, travel, others.' }] },
		})
	})

	test('GET /products/:id answers one product or 404', async () => {
		expect(await ctx.call('GET', '/products/1')).toMatchObject({
			status: 200,
			body: { data: { id: 1, category: 'auto', from: { amount: 3_000, per: 'year' } } },
		})
		expect(await ctx.call('GET', '/products/28')).toMatchObject({ status: 404, body: { message: 'We could not find that product.' } })
		expect(await ctx.call('GET', '/products/abc')).toMatchObject({ status: 400, body: { message: 'We could not find that product.' } })
	})

	test('POST /products/compute-price quotes; bad input gets the schema messages with paths', async () => {
		const quote = await ctx.call('POST', '/products/compute-price', {
			body: { product_id: 2, vehicle_class: 'private_car', vehicle_value: '₦4,500,000' },
		})
		expect(quote).toMatchObject({ status: 200, body: { data: { product_id: 2, total: 225_000, period: 'annual' } } })
		const bad = await ctx.call('POST', '/products/compute-price', {
			body: { product_id: 2, vehicle_class: 'private_car', vehicle_value: 100 },
		})
		expect(bad).toMatchObject({
			status: 400,
			body: {
				message: 'We cover vehicles worth at least ₦200,000.',
				errors: [{ path: 'vehicle_value', message: 'We cover vehicles worth at least ₦200,000.' }],
			},
		})
		expect(await ctx.call('POST', '/products/compute-price', { body: { product_id: 99 } })).toMatchObject({
			status: 400,
			body: { message: 'Choose a product from the catalogue.' },
		})
	})
})
