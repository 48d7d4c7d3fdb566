import type { Context } from 'hono'
import { z } from 'zod'
import { PERIOD_VALUES } from '../contract/periods.ts'
import { BatchBuyBody, BatchParams, BatchPurchaseResult, StaffBatch } from '../contract/batch.ts'
import { defineDownload, defineRoute, type Env } from '../http.ts'
import { ApiError } from '../errors.ts'
import { buyBatch, FILE_SIZE_MESSAGE, findBatch, previewBatch, serializeBatch, templateCsv } from '../services/batch.ts'
import { serializePurchase } from '../services/purchases.ts'
import { findPolicy, serializePolicy } from '../services/policies.ts'
import { UPLOAD_MAX_BYTES } from '../storage/index.ts'

/** Room for the form's other fields and the multipart framing around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024

/**
 * The multipart form of an upload, or null when the body is not one (the service says what to send).
 * A body plainly too big is refused before it is read.
 */
export const multipartOf = (c: Context<Env>) => async () => {
	if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) return null
	if (Number(c.req.header('content-length') ?? 0) > UPLOAD_MAX_BYTES + FORM_OVERHEAD_BYTES) {
		throw new ApiError(400, FILE_SIZE_MESSAGE, [{ path: 'file', message: FILE_SIZE_MESSAGE }])
	}
	try {
		return await c.req.formData()
	} catch {
		return null
	}
}

/** The parts of POST /purchases/batch/preview, for the OpenAPI document: previewBatch reads and checks them. */
const BatchPreviewForm = z.object({
	file: z
		.file()
		.max(UPLOAD_MAX_BYTES)
		.describe('The staff list, CSV or XLSX (told by its content), 1,000 staff at most, with the header of GET /purchases/batch/template'),
	product_id: z.int().positive().describe('A staff health plan: a health product with the standard plan type'),
	period: z.enum(PERIOD_VALUES).describe('A cover period the product offers (its `periods`)'),
})

// GET /purchases/batch/template is declared before GET /purchases/batch/:id, which would take it.
export const batchRoutes = [
	defineDownload({
		method: 'get',
		path: '/purchases/batch/template',
		summary:
			'The staff list template for batch upload: CSV with the header first_name,last_name,email,phone,gender,date_of_birth and two example rows',
		tag: 'purchases',
		auth: 'user',
		permission: 'products.buy',
		download: { contentType: 'text/csv', filename: 'staff-list-template.csv' },
		handler: async () => ({ content: templateCsv() }),
	}),
	defineRoute({
		method: 'post',
		path: '/purchases/batch/preview',
		summary:
			'Check a staff list for a staff health plan: multipart/form-data with file (CSV or XLSX, told by its content, 5 MB at most, 1,000 staff at most), product_id (a health plan) and period. The list is kept with each row and its errors and priced (members = rows, plan type standard); nothing is bought. A file that cannot be read within the limits of time and memory is a 422 (docs/decisions/028). Business accounts only',
		tag: 'purchases',
		auth: 'user',
		permission: 'products.buy',
		verified: true,
		multipart: { schema: BatchPreviewForm },
		response: StaffBatch,
		status: 201,
		handler: async ({ auth, deps, c }) => {
			const batch = serializeBatch(await previewBatch(deps, auth, multipartOf(c)))
			const message = batch.errors.length
				? `${batch.errors.length} ${batch.errors.length === 1 ? 'problem' : 'problems'} in ${batch.rows.length - batch.valid_count} of ${batch.rows.length} rows: fix the rows and upload the file again.`
				: `${batch.rows.length} staff ready for ${batch.product_name}.`
			return { data: batch, message }
		},
	}),
	defineRoute({
		method: 'get',
		path: '/purchases/batch/:id',
		summary: "A staff list checked for batch upload, as its preview answered; another business's is not found",
		tag: 'purchases',
		auth: 'user',
		permission: 'products.buy',
		params: BatchParams,
		response: StaffBatch,
		handler: async ({ params, auth, deps }) => ({ data: serializeBatch(await findBatch(deps.db, auth.customerId, params.id)) }),
	}),
	defineRoute({
		method: 'post',
		path: '/purchases/batch',
		summary:
			"Buy the staff plan of a checked staff list: batch_id and an idempotency_key. A list with errors is refused (400, each row's problem at rows.<row>.<field>). The plan (members = rows, plan type standard, the list's period) charges nothing now and starts pending; its staff are enrolled with it. The same key buys once, and a list is bought once",
		tag: 'purchases',
		auth: 'user',
		permission: 'products.buy',
		verified: true,
		body: BatchBuyBody,
		response: BatchPurchaseResult,
		status: 201,
		handler: async ({ body, auth, deps }) => {
			const { purchase, policy, staffCount } = await buyBatch(deps, auth, body)
			const { custodian } = await findPolicy(deps.db, auth.customerId, policy!.id)
			return {
				data: {
					purchase: serializePurchase(purchase),
					policy: serializePolicy(policy!, custodian, deps.now()),
					payment: null,
					staff_count: staffCount,
				},
				message: `Your staff plan ${policy!.policyNumber} for ${staffCount} staff is set up. Fill in their dates of birth on the activation sheet to start it.`,
			}
		},
	}),
]
