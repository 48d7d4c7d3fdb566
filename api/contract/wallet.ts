import { z } from 'zod'
import { Id } from './common.ts'

/** The smallest amount a wallet is funded with or withdrawn from. */
export const AMOUNT_MIN = 100

export const AMOUNT_REQUIRED = 'Enter an amount.'
export const AMOUNT_NOT_A_NUMBER = 'Enter the amount as a number of Naira, like 5000.'
export const AMOUNT_WHOLE = 'Enter a whole number of Naira, without kobo.'
export const AMOUNT_TOO_SMALL = `Enter an amount of at least ₦${AMOUNT_MIN}.`

/**
 * Whole Naira, as a JSON number or a string of digits, at least ₦100. The ceiling depends on the
 * deployment (WALLET_FUND_MAX), so the route checks it.
 */
export const NairaAmount = z
	.union([z.number(), z.string()], {
		error: (issue) => (issue.input === undefined || issue.input === null ? AMOUNT_REQUIRED : AMOUNT_NOT_A_NUMBER),
	})
	.transform((value, ctx) => {
		const text = typeof value === 'string' ? value.trim() : null
		if (text === '') {
			ctx.addIssue({ code: 'custom', message: AMOUNT_REQUIRED })
			return z.NEVER
		}
		const amount = text === null ? value : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN
		const issue = !Number.isFinite(amount)
			? AMOUNT_NOT_A_NUMBER
			: !Number.isInteger(amount)
				? AMOUNT_WHOLE
				: (amount as number) < AMOUNT_MIN
					? AMOUNT_TOO_SMALL
					: !Number.isSafeInteger(amount)
						? 'That amount is too large.'
						: null
		if (issue) {
			ctx.addIssue({ code: 'custom', message: issue })
			return z.NEVER
		}
		return amount as number
	})

export const IdempotencyKey = z
	.string({ error: 'Send an idempotency_key: a unique string for this payment, the same when you retry it.' })
	.trim()
	.regex(/^[\w.:-]{8,100}$/, 'The idempotency_key is 8 to 100 letters, digits, dots, colons, dashes or underscores.')

export const FundBody = z.object({ amount: NairaAmount, idempotency_key: IdempotencyKey })

export const FundResponse = z.object({ reference: z.string(), authorization_url: z.string(), amount: z.number().int() })

export const Card = z.object({
	id: Id,
	brand: z.string(),
	last4: z.string(),
	exp_month: z.number().int(),
	exp_year: z.number().int(),
	bank: z.string().nullable(),
	is_default: z.boolean(),
	created_at: z.string(),
})
export type Card = z.infer<typeof Card>

export const WalletResponse = z.object({
	balance: z.number().int(),
	currency: z.literal('NGN'),
	pending_withdrawals: z.object({ count: z.number().int(), amount: z.number().int() }),
	default_card: Card.nullable(),
	limits: z.object({ amount_min: z.number().int(), fund_max: z.number().int(), withdrawal_approval_threshold: z.number().int() }),
})

const REFERENCE_MESSAGE = 'We could not find that payment.'
export const PaymentReference = z.string({ error: REFERENCE_MESSAGE }).trim().min(1, REFERENCE_MESSAGE).max(100, REFERENCE_MESSAGE)
export const VerifyPaymentBody = z.object({ reference: PaymentReference })
export const CallbackQuery = z.object({ reference: PaymentReference })
/** All a caller without a session learns of a payment: never whose it is. */
/** What anyone holding the reference may learn: the outcome, the amount, and whether it funded a wallet or bought cover. */
export const PaymentStatusResponse = z.object({
	status: z.enum(['pending', 'success', 'failed']),
	amount: z.number().int(),
	purpose: z.enum(['funding', 'purchase', 'invoice']),
	/** The policy a paid purchase issued, so the payer goes on to activate it; null otherwise. */
	policy: z.object({ id: z.uuid(), is_pending: z.boolean() }).nullable(),
	/** The invoice an invoice's payment pays, so the payer goes back to it; null otherwise. */
	invoice_id: z.uuid().nullable(),
})

export const WebhookResponse = z.object({ received: z.literal(true) })
