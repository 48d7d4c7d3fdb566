import { createHash, randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { sandboxCharges, sandboxTransfers } from '../db/schema.ts'
import { koboToNaira, nairaToKobo } from '../domain/ledger.ts'
import { ApiError } from '../errors.ts'
import { cardOf, PaystackAuthorization, SIGNATURE_HEADER, sign, signatureMatches } from './events.ts'
import type { Bank, PaymentGateway, Transfer } from './gateway.ts'
import { logger } from '../telemetry/logger.ts'

/** Real CBN codes of common banks; the sandbox pays into none of them. */
export const SANDBOX_BANKS: Bank[] = [
	{ code: '044', name: 'Access Bank' },
	{ code: '050', name: 'Ecobank Nigeria' },
	{ code: '070', name: 'Fidelity Bank' },
	{ code: '011', name: 'First Bank of Nigeria' },
	{ code: '214', name: 'First City Monument Bank' },
	{ code: '058', name: 'Guaranty Trust Bank' },
	{ code: '50211', name: 'Kuda Bank' },
	{ code: '50515', name: 'Moniepoint MFB' },
	{ code: '999992', name: 'OPay' },
	{ code: '999991', name: 'PalmPay' },
	{ code: '221', name: 'Stanbic IBTC Bank' },
	{ code: '232', name: 'Sterling Bank' },
	{ code: '032', name: 'Union Bank of Nigeria' },
	{ code: '033', name: 'United Bank For Africa' },
	{ code: '035', name: 'Wema Bank' },
	{ code: '057', name: 'Zenith Bank' },
]

const NAMES = ['ADAEZE OKAFOR', 'TUNDE BAKARE', 'NGOZI EZE', 'BOLA ADE', 'CHINEDU OBI', 'AMINA BELLO', 'IFEOMA NWOSU', 'YUSUF GARBA']

/** Account numbers starting 000 are unknown to the sandbox's banks. */
export const sandboxAccountName = (accountNumber: string) =>
	accountNumber.startsWith('000') ? null : NAMES[Number(accountNumber.slice(-3)) % NAMES.length]!
/** Payouts to account numbers ending in 9 fail, so the reversal path can be tried. */
export const sandboxTransferFails = (accountNumber: string) => accountNumber.endsWith('9')
export const SANDBOX_TRANSFER_FAILURE = 'The beneficiary bank declined the transfer'

/**
 * A payer whose email's local part has `+decline` in it (`ngozi+decline@example.com`) pays the checkout
 * with a card the sandbox declines when it is charged again later, as a card that ran out of funds
 * is: how tests and the demo reach a failed renewal or invoice payment by saved card.
 */
export const sandboxCardDeclines = (email: string) => /\+decline/i.test(email.split('@')[0] ?? '')
/** The saved cards the sandbox declines to charge again: their authorization code starts so. */
export const SANDBOX_DECLINING_CARD = 'AUTH_declines_'
export const SANDBOX_CARD_DECLINED = 'Insufficient Funds'

/** Paystack's test Visa card: the sandbox's 'Pay with test card'. */
export function sandboxAuthorization(email: string) {
	const fingerprint = createHash('sha256').update(email.toLowerCase()).digest('hex')
	const declines = sandboxCardDeclines(email)
	return {
		authorization_code: `${declines ? SANDBOX_DECLINING_CARD : 'AUTH_'}${fingerprint.slice(20, 30)}`,
		bin: '408408',
		last4: declines ? '0002' : '4081',
		exp_month: '12',
		exp_year: '2030',
		channel: 'card',
		card_type: 'visa ',
		bank: 'TEST BANK',
		country_code: 'NG',
		brand: 'visa',
		reusable: true,
		signature: `SIG_${fingerprint.slice(0, 20)}`,
		account_name: null,
	}
}

/** charge.success as Paystack sends it. */
export function chargeSuccessEvent(charge: { reference: string; amountKobo: number; email: string; paidAt: Date }) {
	return {
		event: 'charge.success',
		data: {
			id: Number.parseInt(randomBytes(4).toString('hex'), 16),
			domain: 'test',
			status: 'success',
			reference: charge.reference,
			amount: charge.amountKobo,
			message: null,
			gateway_response: 'Successful',
			paid_at: charge.paidAt.toISOString(),
			created_at: charge.paidAt.toISOString(),
			channel: 'card',
			currency: 'NGN',
			ip_address: '127.0.0.1',
			metadata: '',
			fees: Math.min(200_000, Math.round(charge.amountKobo * 0.015)),
			customer: { email: charge.email, customer_code: 'CUS_sandbox', first_name: null, last_name: null },
			authorization: sandboxAuthorization(charge.email),
		},
	}
}

/** transfer.success or transfer.failed as Paystack sends them. */
export function transferEvent(transfer: {
	reference: string
	transferCode: string
	amountKobo: number
	status: 'success' | 'failed'
	reason: string
}) {
	return {
		event: `transfer.${transfer.status}`,
		data: {
			amount: transfer.amountKobo,
			currency: 'NGN',
			domain: 'test',
			failures: null,
			id: Number.parseInt(randomBytes(4).toString('hex'), 16),
			reason: transfer.reason,
			reference: transfer.reference,
			source: 'balance',
			status: transfer.status,
			transfer_code: transfer.transferCode,
			transferred_at: transfer.status === 'success' ? new Date().toISOString() : null,
		},
	}
}

export type SandboxGateway = PaymentGateway & {
	readonly name: 'sandbox'
	/** Where webhooks go: the API's own webhook route, set when the API is built. */
	deliverTo(post: (body: string, headers: Record<string, string>) => Promise<Response>): void
	/** The checkout, for its page; null for a reference the sandbox never saw. */
	checkout(reference: string): Promise<{ amount: number; email: string; status: string; returnUrl: string } | null>
	/** Pay or decline, as the page's buttons do: answers where to send the payer back. */
	complete(reference: string, outcome: 'approve' | 'decline', now: Date): Promise<string | null>
	/** Resolves once every webhook under way was delivered or given up. */
	idle(): Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The embedded gateway: a checkout page served by the API, and payouts decided at once. It sends
 * signed webhooks to the API's own route like Paystack does, trying up to `retryDelaysMs.length + 1`
 * times with growing pauses.
 */
export function createSandboxGateway(options: {
	db: Db
	secret: string
	/** Where browsers reach the API, for the checkout link. */
	apiUrl: string
	retryDelaysMs?: number[]
	transferDelayMs?: number
	/** The clock a saved card's charge is paid at: the API's, so a test that moves time sees it. */
	now?: () => Date
}): SandboxGateway {
	const { db, secret } = options
	const retryDelays = options.retryDelaysMs ?? [1_000, 4_000]
	let post: ((body: string, headers: Record<string, string>) => Promise<Response>) | null = null
	const underWay = new Set<Promise<unknown>>()

	async function deliver(event: { event: string; data: { reference: string } }, delayMs = 0) {
		if (delayMs) await sleep(delayMs)
		const body = JSON.stringify(event)
		const headers = { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(body, secret) }
		for (let attempt = 0; attempt <= retryDelays.length; attempt++) {
			if (attempt) await sleep(retryDelays[attempt - 1]!)
			try {
				const response = await post!(body, headers)
				if (response.ok) return
				logger.warn(`[payments] sandbox webhook ${event.event} ${event.data.reference}: HTTP ${response.status}`)
			} catch (error) {
				logger.warn(`[payments] sandbox webhook ${event.event} ${event.data.reference}: ${error instanceof Error ? error.message : error}`)
			}
		}
		logger.warn(`[payments] sandbox gave up delivering ${event.event} ${event.data.reference}`)
	}

	function send(event: { event: string; data: { reference: string } }, delayMs = 0) {
		if (!post) return
		const delivery = deliver(event, delayMs).finally(() => underWay.delete(delivery))
		underWay.add(delivery)
	}

	/** The callback URL with the reference, as Paystack sends the payer back. */
	function returnUrl(row: { callbackUrl: string | null; reference: string }) {
		if (!row.callbackUrl) return null
		const url = new URL(row.callbackUrl)
		url.searchParams.set('trxref', row.reference)
		url.searchParams.set('reference', row.reference)
		return url.toString()
	}

	async function transferByReference(reference: string): Promise<Transfer | null> {
		const [row] = await db.select().from(sandboxTransfers).where(eq(sandboxTransfers.reference, reference))
		return row ? { reference, transferCode: row.transferCode, status: row.status, reason: row.reason } : null
	}

	return {
		name: 'sandbox',
		deliverTo(target) {
			post = target
		},
		async initialize({ amount, email, reference, callbackUrl }) {
			await db
				.insert(sandboxCharges)
				.values({ reference, amountKobo: nairaToKobo(amount), email, callbackUrl })
				.onConflictDoNothing()
			return { authorizationUrl: `${options.apiUrl}/api/v1/sandbox/checkout/${encodeURIComponent(reference)}` }
		},
		async checkout(reference) {
			const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, reference))
			const back = row && returnUrl(row)
			// A saved card's charge had no checkout: there is no page to show for it.
			return row && back ? { amount: koboToNaira(row.amountKobo)!, email: row.email, status: row.status, returnUrl: back } : null
		},
		async complete(reference, outcome, now) {
			const [decided] = await db
				.update(sandboxCharges)
				.set({ status: outcome === 'approve' ? 'success' : 'failed', paidAt: outcome === 'approve' ? now : null })
				.where(and(eq(sandboxCharges.reference, reference), eq(sandboxCharges.status, 'pending')))
				.returning()
			const [row] = decided ? [decided] : await db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, reference))
			if (!row?.callbackUrl) return null
			// Paystack sends no webhook for a declined card; the payer's return to the callback settles it.
			if (decided?.status === 'success') send(chargeSuccessEvent({ reference, amountKobo: row.amountKobo, email: row.email, paidAt: now }))
			return returnUrl(row)
		},
		async chargeAuthorization({ authorizationCode, email, amount, reference }) {
			const declines = authorizationCode.startsWith(SANDBOX_DECLINING_CARD)
			const now = (options.now ?? (() => new Date()))()
			// Decided when asked, like Paystack's answer; the same reference is the same charge, decided once.
			await db
				.insert(sandboxCharges)
				.values({
					reference,
					amountKobo: nairaToKobo(amount),
					email,
					callbackUrl: null,
					status: declines ? 'failed' : 'success',
					paidAt: declines ? null : now,
				})
				.onConflictDoNothing()
			const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, reference))
			return {
				reference,
				status: row!.status === 'pending' ? 'abandoned' : row!.status,
				amount: koboToNaira(row!.amountKobo),
				currency: 'NGN',
				paidAt: row!.paidAt,
				authorization: row!.status === 'success' ? cardOf(PaystackAuthorization.parse(sandboxAuthorization(row!.email))) : null,
				message: row!.status === 'failed' ? SANDBOX_CARD_DECLINED : null,
			}
		},
		async verify(reference) {
			const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, reference))
			if (!row) return null
			return {
				reference,
				status: row.status === 'pending' ? 'abandoned' : row.status,
				amount: koboToNaira(row.amountKobo),
				currency: 'NGN',
				paidAt: row.paidAt,
				authorization: row.status === 'success' ? cardOf(PaystackAuthorization.parse(sandboxAuthorization(row.email))) : null,
				message: row.status === 'failed' ? (row.callbackUrl ? 'Declined' : SANDBOX_CARD_DECLINED) : null,
			}
		},
		verifyWebhook: (rawBody, signature) => signatureMatches(rawBody, signature, secret),
		listBanks: async () => SANDBOX_BANKS,
		async resolveAccount({ bankCode, accountNumber }) {
			if (!SANDBOX_BANKS.some((b) => b.code === bankCode)) return null
			const accountName = sandboxAccountName(accountNumber)
			return accountName ? { accountName } : null
		},
		createRecipient: async ({ accountNumber, bankCode }) => ({ recipientCode: `RCP_${bankCode}_${accountNumber}` }),
		async initiateTransfer({ amount, recipientCode, reference }) {
			const accountNumber = recipientCode.split('_').at(-1) ?? ''
			const fails = sandboxTransferFails(accountNumber)
			const [made] = await db
				.insert(sandboxTransfers)
				.values({
					reference,
					transferCode: `TRF_${randomBytes(8).toString('hex')}`,
					recipientCode,
					amountKobo: nairaToKobo(amount),
					status: fails ? 'failed' : 'success',
					reason: fails ? SANDBOX_TRANSFER_FAILURE : 'Approved by the sandbox',
				})
				.onConflictDoNothing()
				.returning()
			if (!made) return (await transferByReference(reference))!
			send(
				transferEvent({
					reference,
					transferCode: made.transferCode,
					amountKobo: made.amountKobo,
					status: made.status,
					reason: made.reason,
				}),
				options.transferDelayMs ?? 200,
			)
			// Like Paystack, the outcome arrives by webhook; the first answer is 'pending'.
			return { reference, transferCode: made.transferCode, status: 'pending', reason: null }
		},
		async finalizeTransfer({ transferCode }) {
			const [row] = await db.select().from(sandboxTransfers).where(eq(sandboxTransfers.transferCode, transferCode))
			if (!row) throw new ApiError(400, 'The sandbox has no transfer with this code.')
			return { reference: row.reference, transferCode, status: row.status, reason: row.reason }
		},
		verifyTransfer: transferByReference,
		async idle() {
			while (underWay.size) await Promise.allSettled([...underWay])
		},
	}
}
