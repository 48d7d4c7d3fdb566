import { data } from 'react-router'
import { z } from 'zod'
import type { FormField } from '#api/contract/catalogue.ts'
import { orNotFound } from './api-errors.server.ts'
import { formConstraint } from './forms.server.ts'
import type { InsurerCalls } from './insurer.server.ts'
import { keptByKey } from './kept.server.ts'

const NOT_FOUND = 'We could not find that product.'

/** The product of the URL, or a 404 page: an id that is not one is a product that is not there. */
export async function loadProduct(api: InsurerCalls, id: string) {
	if (!/^\d{1,6}$/.test(id)) throw data(NOT_FOUND, { status: 404 })
	return (await orNotFound(api.getProduct(id), NOT_FOUND)).data
}

/** Products and activations have a few dozen lists of fields between them; a bound all the same. */
const CONSTRAINTS_KEPT = 200
/** The constraints of each list of fields seen, by the fields' names and which are required. */
const keepConstraint = keptByKey<ReturnType<typeof formConstraint>>(CONSTRAINTS_KEPT)

/**
 * The HTML constraints of a form built from catalogue fields (a quote, an activation). Only which
 * fields are required: the API checks the values and its messages come back beside the fields. Worked
 * out once for each list of fields, as `formConstraint` does once for each schema.
 */
export function quoteConstraint(fields: readonly FormField[]) {
	return keepConstraint(JSON.stringify(fields.map((f) => [f.name, f.required])), () =>
		formConstraint(z.object(Object.fromEntries(fields.map((f) => [f.name, f.required ? z.string() : z.string().optional()])))),
	)
}

/** What the form posts: the intent, and the product's fields as text for the API to read. */
export const QuoteFormSchema = z.looseObject({ intent: z.literal('quote') })

/** Whatever the form held, to give the quote form its values back after the buy form was sent. */
export const TypedValuesSchema = z.looseObject({})
