/**
 * A payment gateway behind one interface: Paystack, or the embedded sandbox. Amounts cross this
 * interface in whole Naira; an adapter that speaks kobo converts at its edge.
 */

export type CardAuthorization = {
	/** The gateway's token for charging the card again. */
	authorizationCode: string
	/** The gateway's fingerprint of the card, the same for every charge of it. */
	signature: string
	brand: string
	last4: string
	expMonth: number
	expYear: number
	bank: string | null
	reusable: boolean
}

export type ChargeStatus = 'success' | 'failed' | 'abandoned' | 'pending'

export type Charge = {
	reference: string
	status: ChargeStatus
	/** Whole Naira, or null when the gateway charged an amount with kobo. */
	amount: number | null
	currency: string
	paidAt: Date | null
	authorization: CardAuthorization | null
	/** The gateway's words for what happened, for a failed charge. */
	message: string | null
}

export type Bank = { code: string; name: string }

export type TransferStatus = 'pending' | 'otp' | 'success' | 'failed' | 'reversed'
export type Transfer = { reference: string; transferCode: string; status: TransferStatus; reason: string | null }

export interface PaymentGateway {
	readonly name: 'sandbox' | 'paystack'
	/** Start a checkout for `amount` Naira; the payer comes back to `callbackUrl?reference=…`. */
	initialize(input: { amount: number; email: string; reference: string; callbackUrl: string }): Promise<{ authorizationUrl: string }>
	/**
	 * Charge a saved card (its authorization code) `amount` Naira without the payer, under our reference.
	 * `email` must be the one the gateway saved the card under. A declined card answers a failed charge
	 * with the gateway's words in `message`; only an unreachable gateway throws (502).
	 */
	chargeAuthorization(input: { authorizationCode: string; email: string; amount: number; reference: string }): Promise<Charge>
	/** What the gateway knows of a charge, or null when it knows no charge with this reference. */
	verify(reference: string): Promise<Charge | null>
	/** Whether `signature` is the gateway's HMAC-SHA512 of the raw body. */
	verifyWebhook(rawBody: string, signature: string | undefined): boolean
	listBanks(): Promise<Bank[]>
	/** The name on a bank account, or null when the bank has no such account. */
	resolveAccount(input: { bankCode: string; accountNumber: string }): Promise<{ accountName: string } | null>
	createRecipient(input: { name: string; accountNumber: string; bankCode: string }): Promise<{ recipientCode: string }>
	/** Pay out; the reference makes a retried call the same transfer. */
	initiateTransfer(input: { amount: number; recipientCode: string; reference: string; reason: string }): Promise<Transfer>
	/** Complete a transfer the gateway holds for an OTP (sent to the merchant, when OTP is on for transfers). */
	finalizeTransfer(input: { transferCode: string; otp: string }): Promise<Transfer>
	/** A transfer by our reference, or null when the gateway has none. */
	verifyTransfer(reference: string): Promise<Transfer | null>
}

export const PAYMENT_UNAVAILABLE = 'The payment service did not answer. Try again shortly.'
