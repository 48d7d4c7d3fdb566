import { z } from 'zod'
import { nairaToKobo } from '../domain/ledger.ts'
import { ApiError } from '../errors.ts'
import { chargeOf, PaystackCharge, PaystackTransfer, signatureMatches, transferOf } from './events.ts'
import { type Bank, PAYMENT_UNAVAILABLE, type PaymentGateway } from './gateway.ts'
import { logger } from '../telemetry/logger.ts'

export const PAYSTACK_URL = 'https://api.paystack.co'
const TIMEOUT_MS = 15_000
const BANKS_TTL_MS = 60 * 60 * 1000
const MAX_BANK_PAGES = 10

/** Every Paystack answer: `{ status, message, data }`; `status: false` carries the reason in `message`. */
const Envelope = z.object({
	status: z.boolean(),
	message: z.string().optional(),
	data: z.unknown().optional(),
	meta: z.unknown().optional(),
})

function unavailable(what: string, reason: string) {
	// Operators see why; the user sees only that the gateway did not answer. The key is never logged.
	logger.warn(`[payments] paystack ${what} failed: ${reason}`)
	return new ApiError(502, PAYMENT_UNAVAILABLE)
}

const BankRow = z.object({
	name: z.string(),
	code: z.string(),
	active: z.boolean().optional(),
	is_deleted: z.boolean().nullish(),
})
const BankPage = z.object({ data: z.array(BankRow), meta: z.object({ next: z.string().nullish() }).partial().optional() })

/** Paystack's HTTP API (https://api.paystack.co) with a secret key; amounts go out in kobo. */
export function createPaystackGateway(options: { secretKey: string; baseUrl?: string; timeoutMs?: number }): PaymentGateway {
	const base = (options.baseUrl ?? PAYSTACK_URL).replace(/\/+$/, '')
	let banks: { at: number; list: Bank[] } | null = null

	/**
	 * One call; `notFound` statuses answer null instead of failing, and `refused` statuses answer
	 * Paystack's reason (`status: false` with its message) for the caller to act on.
	 */
	async function call(what: string, method: 'GET' | 'POST', path: string, body?: unknown, notFound: number[] = [], refused: number[] = []) {
		let response: Response
		try {
			response = await fetch(`${base}${path}`, {
				method,
				headers: {
					authorization: `Bearer ${options.secretKey}`,
					accept: 'application/json',
					...(body ? { 'content-type': 'application/json' } : {}),
				},
				body: body ? JSON.stringify(body) : undefined,
				signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
			})
		} catch (error) {
			throw unavailable(what, error instanceof Error ? error.message : String(error))
		}
		const envelope = Envelope.safeParse(await response.json().catch(() => undefined))
		if (notFound.includes(response.status)) return null
		if (refused.includes(response.status) && envelope.success && !envelope.data.status) return envelope.data
		if (!response.ok || !envelope.success || !envelope.data.status) {
			throw unavailable(what, `HTTP ${response.status}${envelope.success ? `: ${envelope.data.message ?? ''}` : ''}`)
		}
		return envelope.data
	}

	function read<T extends z.ZodType>(what: string, schema: T, value: unknown): z.output<T> {
		const parsed = schema.safeParse(value)
		if (!parsed.success) throw unavailable(what, 'the answer is not in the documented shape')
		return parsed.data
	}

	async function verify(reference: string) {
		// Paystack answers 400 or 404 for a reference it never saw.
		const answer = await call('verify', 'GET', `/transaction/verify/${encodeURIComponent(reference)}`, undefined, [400, 404])
		if (!answer) return null
		return chargeOf(read('verify', PaystackCharge, answer.data))
	}

	return {
		name: 'paystack',
		async initialize({ amount, email, reference, callbackUrl }) {
			const answer = await call('initialize', 'POST', '/transaction/initialize', {
				email,
				amount: String(nairaToKobo(amount)),
				currency: 'NGN',
				reference,
				callback_url: callbackUrl,
			})
			const data = read('initialize', z.object({ authorization_url: z.url() }), answer!.data)
			return { authorizationUrl: data.authorization_url }
		},
		async chargeAuthorization({ authorizationCode, email, amount, reference }) {
			// A card that cannot be charged (an authorization Paystack no longer honours) is a 400 with the
			// reason: a failed charge, unless the reference was already charged (a retry), which verify tells.
			const answer = await call(
				'charge authorization',
				'POST',
				'/transaction/charge_authorization',
				{ authorization_code: authorizationCode, email, amount: String(nairaToKobo(amount)), currency: 'NGN', reference },
				[],
				[400],
			)
			if (answer!.status) return chargeOf(read('charge authorization', PaystackCharge, answer!.data))
			const earlier = await verify(reference)
			if (earlier) return earlier
			return {
				reference,
				status: 'failed',
				amount,
				currency: 'NGN',
				paidAt: null,
				authorization: null,
				message: answer!.message ?? 'The card could not be charged.',
			}
		},
		verify,
		verifyWebhook: (rawBody, signature) => signatureMatches(rawBody, signature, options.secretKey),
		async listBanks() {
			if (banks && Date.now() - banks.at < BANKS_TTL_MS) return banks.list
			const list: Bank[] = []
			let cursor: string | null | undefined
			for (let page = 0; page < MAX_BANK_PAGES; page++) {
				const query = `country=nigeria&currency=NGN&perPage=100&use_cursor=true${cursor ? `&next=${encodeURIComponent(cursor)}` : ''}`
				const answer = read('bank list', BankPage, await call('bank list', 'GET', `/bank?${query}`))
				for (const bank of answer.data) {
					if (bank.active !== false && !bank.is_deleted && !list.some((b) => b.code === bank.code))
						list.push({ code: bank.code, name: bank.name.trim() })
				}
				cursor = answer.meta?.next
				if (!cursor) break
			}
			list.sort((a, b) => a.name.localeCompare(b.name))
			banks = { at: Date.now(), list }
			return list
		},
		async resolveAccount({ bankCode, accountNumber }) {
			const query = `account_number=${encodeURIComponent(accountNumber)}&bank_code=${encodeURIComponent(bankCode)}`
			// 422 (and 400 for some banks) means the bank has no such account.
			const answer = await call('account resolution', 'GET', `/bank/resolve?${query}`, undefined, [400, 422])
			if (!answer) return null
			const data = read('account resolution', z.object({ account_name: z.string().trim().min(1) }), answer.data)
			return { accountName: data.account_name }
		},
		async createRecipient({ name, accountNumber, bankCode }) {
			const answer = await call('transfer recipient', 'POST', '/transferrecipient', {
				type: 'nuban',
				name,
				account_number: accountNumber,
				bank_code: bankCode,
				currency: 'NGN',
			})
			const data = read('transfer recipient', z.object({ recipient_code: z.string().min(1) }), answer!.data)
			return { recipientCode: data.recipient_code }
		},
		async initiateTransfer({ amount, recipientCode, reference, reason }) {
			const answer = await call('transfer', 'POST', '/transfer', {
				source: 'balance',
				amount: nairaToKobo(amount),
				currency: 'NGN',
				recipient: recipientCode,
				reason,
				reference,
			})
			return transferOf(read('transfer', PaystackTransfer, answer!.data))
		},
		async finalizeTransfer({ transferCode, otp }) {
			const answer = await call('transfer finalization', 'POST', '/transfer/finalize_transfer', { transfer_code: transferCode, otp })
			return transferOf(read('transfer finalization', PaystackTransfer, answer!.data))
		},
		async verifyTransfer(reference) {
			const answer = await call('transfer verification', 'GET', `/transfer/verify/${encodeURIComponent(reference)}`, undefined, [400, 404])
			if (!answer) return null
			return transferOf(read('transfer verification', PaystackTransfer, answer.data))
		},
	}
}
