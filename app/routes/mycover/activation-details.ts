import type { FormField } from '#api/contract/catalogue.ts'

export type ActivationDetail = { label: string; value: string; day: boolean }

/**
 * What a policy was activated with, as its page lists it: each field under its form's label, a choice
 * as the option the customer picked ('Female', not the 'female' stored for it), a date marked to be
 * written as a day. A field the product no longer asks keeps its stored name and value.
 */
export function activationDetails(fields: readonly FormField[], activation: Record<string, string> | null): ActivationDetail[] {
	const byName = new Map(fields.map((f) => [f.name, f]))
	return Object.entries(activation ?? {}).map(([name, value]) => {
		const field = byName.get(name)
		const option = field?.kind === 'select' ? field.options.find((o) => o.value === value) : undefined
		return { label: field?.label ?? name, value: option?.label ?? value, day: field?.kind === 'date' }
	})
}
