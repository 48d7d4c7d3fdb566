/** Spec section 3's business types, as the screens name them. */
export const BUSINESS_TYPES = [
	{ value: 'RC', label: 'Limited liability company (RC)' },
	{ value: 'BN', label: 'Sole proprietorship (BN)' },
	{ value: 'IT', label: 'Non-governmental organization (IT)' },
	{ value: 'none', label: 'Not registered with the CAC' },
] as const

export type BusinessType = (typeof BUSINESS_TYPES)[number]['value']

export function businessTypeLabel(type: string | null) {
	return BUSINESS_TYPES.find((t) => t.value === type)?.label ?? 'Not given'
}
