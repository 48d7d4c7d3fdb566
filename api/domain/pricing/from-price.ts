import type { FormField, Product } from '../../contract/catalogue.ts'
import type { Period } from '../../contract/periods.ts'
import { QuoteBody } from '../catalogue/quotes.ts'
import { computeQuote } from './index.ts'

/** The least a product can cost, and what that buys: a month, a year or a trip, or a person a month. */
export type FromPrice = { amount: number; per: string }

/** More answers than this to try means a field without a small set of choices: no price is claimed. */
const MOST_ANSWERS = 500

/** Each field's answers to try: every option of a choice, the least a number may be; none for free text. */
function answersOf(field: FormField): readonly (string | number)[] {
	if (field.kind === 'select') return field.options.map((o) => o.value)
	if (field.kind === 'number' || field.kind === 'naira') return [field.min]
	return []
}

/**
 * A product's 'from' price on the catalogue (docs/decisions/154-from-prices.md): the lowest total of a
 * real quote over its purchase form's answers, each choice tried and each number at its least. Worked
 * out by `computeQuote` itself, so the card never shows a price the form cannot reach. Null when a form
 * has free text or too many answers to try, rather than a figure that was not quoted.
 */
export function fromPrice(product: Product): FromPrice | null {
	const fields = product.purchase_fields
	if (fields.some((f) => f.required && answersOf(f).length === 0)) return null
	let inputs: Record<string, string | number>[] = [{ product_id: product.id }]
	for (const field of fields) {
		const answers = answersOf(field)
		if (answers.length === 0) continue
		inputs = inputs.flatMap((input) => answers.map((answer) => ({ ...input, [field.name]: answer })))
		if (inputs.length > MOST_ANSWERS) return null
	}
	let least: { total: number; period: Period | null } | null = null
	for (const input of inputs) {
		const parsed = QuoteBody.safeParse(input)
		if (!parsed.success) continue
		const quote = computeQuote(parsed.data)
		if (!least || quote.total < least.total) least = { total: quote.total, period: quote.period }
	}
	if (!least) return null
	const per = least.period === null ? 'trip' : PER_PERIOD[least.period]
	// A health plan's least is one person for a month.
	return { amount: least.total, per: per === 'month' && fields.some((f) => f.name === 'members') ? 'person a month' : per }
}

const PER_PERIOD: Record<Period, string> = { annual: 'year', 'bi-annual': 'half year', quarterly: 'quarter', monthly: 'month' }
