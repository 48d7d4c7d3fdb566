import { data } from 'react-router'
import { z } from 'zod'
import { orNotFound } from '#app/server/api-errors.server.ts'
import type { InsurerCalls } from '#app/server/insurer.server.ts'
import type { CatalogueProduct } from '#app/server/insurer.server.ts'

// Batch upload of staff (docs/decisions/016-batch-upload.md): the API reads and checks the file; the
// portal only makes sure one was chosen, and passes it on.

export const UploadSchema = z.object({
	intent: z.literal('upload'),
	period: z.string({ message: 'Choose a cover period.' }),
	file: z.instanceof(File, { message: 'Choose the file of your staff list: CSV or XLSX.' }),
})

export const BuyBatchSchema = z.object({
	intent: z.literal('buy'),
	batch_id: z.string({ message: 'Upload the staff list again.' }),
	idempotency_key: z.string({ message: 'Reload the page and try again.' }),
})

/** Batch upload buys a staff plan of a health product on the standard plan type; any other is not here. */
export function requireStaffPlanProduct(product: CatalogueProduct) {
	if (product.category !== 'health' || !product.plan_types?.includes('standard')) {
		throw data('Batch upload is for staff health plans.', { status: 404 })
	}
	return product
}

/** The staff list of the URL (?batch=), or a 404 page: another business's list is not there. */
export async function loadBatch(api: InsurerCalls, id: string) {
	return (await orNotFound(api.getBatch(id), 'We could not find that staff list. Upload it again.')).data
}

/** What goes on to the API: the file as chosen, the product of the URL and the period. */
export function previewForm(productId: number, period: string, file: File) {
	const form = new FormData()
	form.set('product_id', String(productId))
	form.set('period', period)
	form.set('file', file, file.name)
	return form
}
