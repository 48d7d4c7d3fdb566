import { z } from 'zod'
import { ProductParams, ProductsQuery } from '../contract/purchases.ts'
import { Quote } from '../contract/quotes.ts'
import { QuoteBody } from '../domain/catalogue/quotes.ts'
import { findProduct, PRODUCTS, type Product } from '../domain/catalogue/index.ts'
import { computeQuote } from '../domain/pricing/index.ts'
import { fromPrice } from '../domain/pricing/from-price.ts'
import { defineRoute } from '../http.ts'
import { notFound } from '../errors.ts'

/**
 * Each product's least real quote (decision 154), worked out once, at the catalogue's first request rather
 * than at start-up: the catalogue does not change while the process runs.
 */
let fromPrices: Map<number, ReturnType<typeof fromPrice>> | null = null

function withFrom(product: Product) {
	fromPrices ??= new Map(PRODUCTS.map((p) => [p.id, fromPrice(p)]))
	return { ...product, from: fromPrices.get(product.id) ?? null }
}

const ProductResponse = z.record(z.string(), z.unknown())

export const productRoutes = [
	defineRoute({
		method: 'get',
		path: '/products',
		summary:
			'The catalogue, optionally of one category (?category=health|auto|gadget|travel|others), each with its purchase fields and its from price: the least a quote of its form can come to, and what that buys',
		tag: 'products',
		auth: 'public',
		query: ProductsQuery,
		response: z.array(ProductResponse),
		handler: async ({ query }) => ({
			data: PRODUCTS.filter((p) => !query.category || p.category === query.category).map(withFrom),
		}),
	}),
	defineRoute({
		method: 'get',
		path: '/products/:id',
		summary: 'One product of the catalogue',
		tag: 'products',
		auth: 'public',
		params: ProductParams,
		response: ProductResponse,
		handler: async ({ params }) => {
			const product = findProduct(params.id)
			if (!product) throw notFound('product')
			return { data: withFrom(product) }
		},
	}),
	defineRoute({
		method: 'post',
		path: '/products/compute-price',
		summary: "A quote for a product's fields: whole-Naira lines and their total (docs/decisions/013-pricing.md)",
		tag: 'products',
		auth: 'public',
		body: QuoteBody,
		response: Quote,
		handler: async ({ body, auth, deps }) => {
			const quote = computeQuote(body)
			// A visitor's quote has no customer to file it under: only a signed-in caller's is counted.
			if (auth) deps.analytics?.track(auth.customerId, 'quote made', { product_id: body.product_id, total: quote.total })
			return { data: quote }
		},
	}),
]
