import type { ProductId } from '../../contract/product-ids.ts'
import { AUTO_PRODUCTS } from './auto.ts'
import { GADGET_PRODUCTS } from './gadget.ts'
import { HEALTH_PRODUCTS } from './health.ts'
import { OTHER_PRODUCTS } from './others.ts'
import { TRAVEL_PRODUCTS } from './travel.ts'
import type { Category, Product } from '../../contract/catalogue.ts'

export * from '../../contract/catalogue.ts'
export { PROVIDER_DETAILS, PROVIDERS, providerParty } from './providers.ts'

/** The whole catalogue, grouped in the order of the categories. Prices are in api/domain/pricing. */
export const PRODUCTS: readonly Product[] = [
	...HEALTH_PRODUCTS,
	...AUTO_PRODUCTS,
	...GADGET_PRODUCTS,
	...TRAVEL_PRODUCTS,
	...OTHER_PRODUCTS,
]

const BY_ID = new Map<number, Product>(PRODUCTS.map((p) => [p.id, p]))
const BY_SLUG = new Map<string, Product>(PRODUCTS.map((p) => [p.slug, p]))

/** The product of an id, or undefined (an id from a URL may be anything). */
export function findProduct(id: number): Product | undefined {
	return BY_ID.get(id)
}

export function findProductBySlug(slug: string): Product | undefined {
	return BY_SLUG.get(slug)
}

/** The product of a catalogued id; throws for an id that is not one. */
export function productById(id: ProductId): Product {
	const product = BY_ID.get(id)
	if (!product) throw new RangeError(`No product ${id} in the catalogue`)
	return product
}

export function productsInCategory(category: Category): Product[] {
	return PRODUCTS.filter((p) => p.category === category)
}
