/**
 * A business's standard health plan covers its staff: it is bought from the staff list, whose upload
 * enrols them (docs/decisions/016-batch-upload.md), not by a head count. The page to go to, or null.
 */
export function staffListPath(
	customerKind: 'business' | 'individual',
	product: { id: number; category: string },
	fields: Record<string, string>,
) {
	return customerKind === 'business' && product.category === 'health' && fields.plan_type === 'standard'
		? `/products/${product.id}/batch`
		: null
}
