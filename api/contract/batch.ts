import { z } from 'zod'
import { PurchaseResult } from './purchases.ts'
import { Quote } from './quotes.ts'
import { IdempotencyKey } from './wallet.ts'

// Batch upload of staff for a staff health plan (docs/decisions/016-batch-upload.md).

export const BatchParams = z.object({ id: z.uuid({ error: 'We could not find that staff list.' }) })

/** POST /purchases/batch: buy the staff plan of a checked staff list. */
export const BatchBuyBody = z.object({
	batch_id: z.uuid({ error: 'Upload the staff list again: we could not find it.' }),
	idempotency_key: IdempotencyKey,
})

export const StaffRow = z.object({
	row: z.number().int(),
	first_name: z.string(),
	last_name: z.string(),
	email: z.string(),
	phone: z.string(),
	gender: z.string(),
	date_of_birth: z.string(),
})

/** A row's problem: row is the spreadsheet's row number (the header is row 1). */
export const RowError = z.object({ row: z.number().int(), field: z.string(), message: z.string() })

export const StaffBatch = z.object({
	id: z.string(),
	product_id: z.number().int(),
	product_name: z.string(),
	period: z.string(),
	filename: z.string(),
	rows: z.array(StaffRow),
	errors: z.array(RowError),
	valid_count: z.number().int(),
	/** The staff plan's price for every row: members = the rows, plan type standard. */
	quote: Quote,
	/** The staff plan this list became, once bought. */
	policy_id: z.string().nullable(),
	created_at: z.string(),
})

export const BatchPurchaseResult = PurchaseResult.extend({ staff_count: z.number().int() })
