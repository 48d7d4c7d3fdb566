import { and, desc, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { ClaimPayoutBody, PayoutBank } from '../../contract/claims.ts'
import { formatNairaFull } from '../../contract/money.ts'
import type { Db, Tx } from '../../db/client.ts'
import { claimPayouts, claims } from '../../db/schema.ts'
import { CLAIM_PAYOUT_THRESHOLD_DEFAULT, payoutCheck, transition } from '../../domain/claims.ts'
import {
	claimBankPayoutTransfer,
	claimPayoutReversalTransfer,
	claimPayoutSettlementTransfer,
	claimPayoutTransfer,
	claimReserveTransfer,
} from '../../domain/ledger.ts'
import type { Deps } from '../../deps.ts'
import { ApiError, fieldError, notFound } from '../../errors.ts'
import type { AuthUser } from '../../http.ts'
import type { Transfer } from '../../payments/index.ts'
import { logger } from '../../telemetry/logger.ts'
import { notifyClaim } from '../claim-mail.tsx'
import { postTransfer } from '../ledger.ts'
import { newReference } from '../payments.ts'
import { findClaim, moveClaim, recordClaimEvent } from './lifecycle.ts'
import { operator } from './offers.ts'

// Paying an accepted offer: into the wallet at once, or to a bank account by a gateway transfer that
// may still fail or come back (docs/decisions/070-claim-payouts.md, 108-claim-bank-payouts.md).

type ClaimRow = typeof claims.$inferSelect
type PayoutRow = typeof claimPayouts.$inferSelect

const threshold = (deps: Deps) => deps.env.claimPayoutThreshold ?? CLAIM_PAYOUT_THRESHOLD_DEFAULT
const isPaid = (claim: ClaimRow) => claim.status === 'paid' || claim.status === 'settled'
const facts = (p: PayoutRow) => ({ id: p.id, customerId: p.customerId, amount: p.amount, reference: p.reference })
const accountWords = (b: PayoutBank) => `${b.account_name}, ${b.bank_name} ${b.account_number}`

/** The note of a claim's event when its bank transfer is sent (the demo's seed writes it too). */
export const sentToBankNote = (amount: number, bank: PayoutBank) =>
	`Transfer of ${formatNairaFull(amount)} to ${accountWords(bank)} sent to the bank`

/** A payout's account, as `claim_payouts` stores it. */
export const payoutAccount = (bank: PayoutBank) => ({
	bankCode: bank.bank_code,
	bankName: bank.bank_name,
	accountNumber: bank.account_number,
	accountName: bank.account_name,
})
/** Names as banks return them differ in case and spacing only. */
const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase()

/** Where a claim stands with the offer's payout: only before it is paid, and while no transfer is under way. */
const PAYOUT_CHOICE_STATUSES = ['offer_sent', 'offer_accepted'] as const

/** The latest bank transfer of a claim, for its page. */
export async function latestPayout(db: Db | Tx, claimId: string) {
	const [row] = await db
		.select()
		.from(claimPayouts)
		.where(eq(claimPayouts.claimId, claimId))
		.orderBy(desc(claimPayouts.createdAt), desc(claimPayouts.id))
		.limit(1)
	return row ?? null
}

async function livePayout(tx: Db | Tx, claimId: string) {
	const [row] = await tx
		.select()
		.from(claimPayouts)
		.where(and(eq(claimPayouts.claimId, claimId), inArray(claimPayouts.status, ['processing', 'succeeded'])))
	return row ?? null
}

/** The bank and the name on an account, to show the claimant before they choose it. */
export async function resolvePayoutAccount(deps: Deps, auth: AuthUser, id: string, body: { bank_code: string; account_number: string }) {
	await findClaim(deps.db, auth.customerId, id)
	const bank = (await deps.payments.listBanks()).find((b) => b.code === body.bank_code)
	if (!bank) throw fieldError(400, 'bank_code', 'Choose a bank from the list.')
	const account = await deps.payments.resolveAccount({ bankCode: bank.code, accountNumber: body.account_number })
	if (!account) throw fieldError(400, 'account_number', 'We could not find that account at that bank. Check the number and the bank.')
	return { bank_code: bank.code, bank_name: bank.name, account_number: body.account_number, account_name: account.accountName }
}

/**
 * The claimant chooses where an offer is paid: the wallet, or a bank account whose name the bank
 * resolved and they confirmed (resolved again here, so the name paid is the bank's). Not while a
 * transfer is under way or once paid.
 */
export async function choosePayout(deps: Deps, auth: AuthUser, id: string, body: z.output<typeof ClaimPayoutBody>) {
	const bank = body.method === 'bank' ? await resolvePayoutAccount(deps, auth, id, body) : null
	if (bank && body.method === 'bank' && !sameName(bank.account_name, body.account_name)) {
		throw fieldError(409, 'account_name', `The bank names this account ${bank.account_name}: check it again before choosing it.`)
	}
	return deps.db.transaction(async (tx) => {
		const [claim] = await tx
			.select()
			.from(claims)
			.where(and(eq(claims.id, id), eq(claims.customerId, auth.customerId)))
			.for('update')
		if (!claim) throw notFound('claim')
		if (!(PAYOUT_CHOICE_STATUSES as readonly string[]).includes(claim.status))
			throw new ApiError(409, 'Where we pay can be chosen once we send an offer, and until the claim is paid.')
		if ((await livePayout(tx, claim.id))?.status === 'processing')
			throw new ApiError(409, 'A transfer to your bank is under way: wait for the bank before changing where we pay.')
		const [updated] = await tx
			.update(claims)
			.set({ payoutMethod: body.method, payoutBank: bank, updatedAt: deps.now() })
			.where(eq(claims.id, claim.id))
			.returning()
		await recordClaimEvent(tx, claim, {
			actor: 'customer',
			userId: auth.id,
			action: 'choose_payout',
			from: claim.status,
			to: claim.status,
			note: bank ? `To be paid to ${accountWords(bank)}` : 'To be paid into the wallet',
		})
		return updated!
	})
}

/** Above the threshold a first operator approves the payout; another then pays it. */
export async function approvePayout(deps: Deps, auth: AuthUser, id: string) {
	return deps.db.transaction(async (tx) => {
		const [claim] = await tx.select().from(claims).where(eq(claims.id, id)).for('update')
		if (!claim) throw notFound('claim')
		if (claim.status !== 'offer_accepted') throw new ApiError(409, 'Only an accepted offer waits for payout approval.')
		if ((claim.offer?.payable ?? 0) <= threshold(deps)) throw new ApiError(409, 'This payout does not need approval.')
		if (claim.payoutApprovedBy && claim.payoutApprovedBy !== auth.id)
			throw new ApiError(409, 'Another operator already approved this payout.')
		const [updated] = await tx.update(claims).set({ payoutApprovedBy: auth.id, updatedAt: deps.now() }).where(eq(claims.id, id)).returning()
		await recordClaimEvent(tx, claim, {
			actor: 'operator',
			userId: auth.id,
			action: 'approve_payout',
			from: claim.status,
			to: claim.status,
		})
		return updated!
	})
}

/**
 * Pay an accepted offer, once, where the claimant chose: the wallet (claims payable → wallet, at
 * once) or their bank account (claims payable → payouts in transit, then a gateway transfer). A
 * second payment at once waits on the claim's row lock and answers the same payment.
 */
export async function payClaim(deps: Deps, auth: AuthUser, id: string) {
	const existing = await findClaim(deps.db, null, id)
	// Paying again what is already paid answers the payment, so a retry after a lost answer is safe.
	if (isPaid(existing)) return existing
	if (existing.payoutMethod === 'bank') return payByBank(deps, auth, id)
	const paid = () => findClaim(deps.db, null, id).then((c) => (isPaid(c) ? c : null))
	return moveClaim(deps, operator(auth), id, 'pay', async (claim, tx) => {
		if (claim.payoutMethod === 'bank') throw new ApiError(409, 'The customer chose a bank account meanwhile: open the claim again.')
		const amount = claim.offer!.payable
		const check = payoutCheck({ amount, threshold: threshold(deps), approvedBy: claim.payoutApprovedBy, operatorId: auth.id })
		if (!check.ok) throw new ApiError(409, check.message)
		// Owed first (normally at acceptance; the same key makes this a no-op then), then paid.
		await postTransfer(tx, claimReserveTransfer({ claimId: claim.id, customerId: claim.customerId, amount, reference: claim.claimNumber }))
		const transfer = await postTransfer(
			tx,
			claimPayoutTransfer({ claimId: claim.id, customerId: claim.customerId, amount, reference: claim.claimNumber }),
		)
		return { payoutMethod: 'wallet', payoutTransferId: transfer.id }
	}).catch(async (error) => {
		// Two payments at once: the second waited on the row lock and found the claim paid.
		const done = error instanceof ApiError && error.status === 409 ? await paid() : null
		if (done) return done
		throw error
	})
}

/**
 * Start a bank payout: in one transaction the attempt, its ledger transfer and the claim's event;
 * then the gateway, outside it. A crash between the two leaves the attempt processing without a
 * transfer code, which the recovery job starts (its reference keeps it one transfer).
 */
async function payByBank(deps: Deps, auth: AuthUser, id: string) {
	const payoutId = await deps.db.transaction(async (tx) => {
		const [claim] = await tx.select().from(claims).where(eq(claims.id, id)).for('update')
		if (!claim) throw notFound('claim')
		if (isPaid(claim)) return null
		const live = await livePayout(tx, claim.id)
		// A second payment at once, or a retry: the same transfer.
		if (live) return live.id
		const step = transition(claim.status, 'pay', 'operator')
		if (!step.ok) throw new ApiError(step.status, step.message)
		if (claim.payoutMethod !== 'bank' || !claim.payoutBank)
			throw new ApiError(409, 'The customer chose the wallet meanwhile: open the claim again.')
		const amount = claim.offer!.payable
		const check = payoutCheck({ amount, threshold: threshold(deps), approvedBy: claim.payoutApprovedBy, operatorId: auth.id })
		if (!check.ok) throw new ApiError(409, check.message)
		const bank = claim.payoutBank
		const now = deps.now()
		await postTransfer(tx, claimReserveTransfer({ claimId: claim.id, customerId: claim.customerId, amount, reference: claim.claimNumber }))
		const [payout] = await tx
			.insert(claimPayouts)
			.values({
				claimId: claim.id,
				customerId: claim.customerId,
				reference: newReference('cp'),
				amount,
				...payoutAccount(bank),
				status: 'processing',
				paidBy: auth.id,
				createdAt: now,
				updatedAt: now,
			})
			.returning()
		const transfer = await postTransfer(tx, claimBankPayoutTransfer(facts(payout!)))
		await tx.update(claims).set({ payoutTransferId: transfer.id, updatedAt: now }).where(eq(claims.id, claim.id))
		await recordClaimEvent(tx, claim, {
			actor: 'operator',
			userId: auth.id,
			action: 'send_payout',
			from: claim.status,
			to: claim.status,
			note: sentToBankNote(amount, bank),
		})
		return payout!.id
	})
	if (payoutId) {
		try {
			await startClaimTransfer(deps, payoutId)
		} catch (error) {
			// The gateway did not answer: the attempt stays processing and the recovery job sends it.
			if (!(error instanceof ApiError)) throw error
			logger.warn(`[payments] claim payout ${payoutId} not sent yet: ${error.message}`)
		}
	}
	return findClaim(deps.db, null, id)
}

/**
 * Ask the gateway to pay a claim's bank payout, once: the reference makes a retry the same transfer,
 * and a retry first asks whether an earlier attempt reached the gateway.
 */
export async function startClaimTransfer(deps: Deps, id: string) {
	const [p] = await deps.db.select().from(claimPayouts).where(eq(claimPayouts.id, id))
	if (p?.status !== 'processing' || p.transferCode) return
	let transfer = p.recipientCode ? await deps.payments.verifyTransfer(p.reference) : null
	if (!transfer) {
		let recipientCode = p.recipientCode
		if (!recipientCode) {
			;({ recipientCode } = await deps.payments.createRecipient({
				name: p.accountName,
				accountNumber: p.accountNumber,
				bankCode: p.bankCode,
			}))
			await deps.db.update(claimPayouts).set({ recipientCode }).where(eq(claimPayouts.id, id))
		}
		transfer = await deps.payments.initiateTransfer({
			amount: p.amount,
			recipientCode,
			reference: p.reference,
			reason: `Claim payout ${p.reference}`,
		})
	}
	await deps.db.update(claimPayouts).set({ transferCode: transfer.transferCode, updatedAt: deps.now() }).where(eq(claimPayouts.id, id))
	if (transfer.status === 'otp') logger.warn(`[payments] transfer ${p.reference} waits for the gateway's OTP: disable OTP for transfers`)
	await applyClaimTransferOutcome(deps, transfer)
}

/**
 * Finish what a crash or a lost webhook left of a bank payout: start it if it never reached the
 * gateway, or ask the gateway how it went. A gateway that does not answer leaves it for the next look.
 */
export async function refreshClaimPayout(deps: Deps, p: PayoutRow) {
	if (p.status !== 'processing') return
	try {
		if (!p.transferCode) return await startClaimTransfer(deps, p.id)
		const transfer = await deps.payments.verifyTransfer(p.reference)
		if (transfer) await applyClaimTransferOutcome(deps, transfer)
	} catch (error) {
		if (!(error instanceof ApiError)) throw error
	}
}

/**
 * What the gateway says of a claim's bank payout. Success settles it and the claim is paid; failure
 * (or a reversal after success) posts a transfer that makes the claim owed again, and the desk pays
 * it anew. Only the call that changed the payout mails the claimant, after its transaction.
 */
export async function applyClaimTransferOutcome(deps: Deps, transfer: Pick<Transfer, 'reference' | 'status' | 'reason'>) {
	if (!['success', 'failed', 'reversed'].includes(transfer.status)) return
	const outcome = await deps.db.transaction(async (tx) => {
		// The claim's row first, then the payout's: the order every payout path locks them in.
		const [known] = await tx
			.select({ claimId: claimPayouts.claimId })
			.from(claimPayouts)
			.where(eq(claimPayouts.reference, transfer.reference))
		if (!known) return null
		const [claim] = await tx.select().from(claims).where(eq(claims.id, known.claimId)).for('update')
		const [p] = await tx.select().from(claimPayouts).where(eq(claimPayouts.reference, transfer.reference)).for('update')
		if (!p) return null
		const now = deps.now()
		const bank = { bank_code: p.bankCode, bank_name: p.bankName, account_number: p.accountNumber, account_name: p.accountName }
		if (transfer.status === 'success') {
			if (p.status !== 'processing') return null
			await postTransfer(tx, claimPayoutSettlementTransfer(facts(p)))
			await tx.update(claimPayouts).set({ status: 'succeeded', finishedAt: now, updatedAt: now }).where(eq(claimPayouts.id, p.id))
			const [paid] = await tx.update(claims).set({ status: 'paid', updatedAt: now }).where(eq(claims.id, p.claimId)).returning()
			await recordClaimEvent(tx, claim!, {
				actor: 'operator',
				userId: p.paidBy,
				action: 'pay',
				from: claim!.status,
				to: 'paid',
				note: `${formatNairaFull(p.amount)} paid to ${accountWords(bank)}`,
			})
			return { claim: paid!, failure: null }
		}
		const settled = p.status === 'succeeded'
		if (p.status !== 'processing' && !(settled && transfer.status === 'reversed')) return null
		const reason = transfer.reason || 'The bank did not accept the transfer.'
		await postTransfer(tx, claimPayoutReversalTransfer(facts(p), settled))
		await tx
			.update(claimPayouts)
			.set({ status: settled ? 'reversed' : 'failed', failureReason: reason, finishedAt: now, updatedAt: now })
			.where(eq(claimPayouts.id, p.id))
		// Sent back after it was paid: the claim is owed again. A settled claim stays closed; its money is owed all the same.
		const back = settled && claim!.status === 'paid'
		const [after] = back
			? await tx.update(claims).set({ status: 'offer_accepted', updatedAt: now }).where(eq(claims.id, p.claimId)).returning()
			: [claim!]
		await recordClaimEvent(tx, claim!, {
			actor: 'operator',
			userId: null,
			action: back ? 'payout_returned' : 'payout_failed',
			from: claim!.status,
			to: after!.status,
			note: `${formatNairaFull(p.amount)} to ${accountWords(bank)} ${settled ? 'came back from the bank' : 'was not accepted'}: ${reason}`,
		})
		return { claim: after!, failure: reason }
	})
	if (outcome) await notifyClaim(deps, outcome.claim, outcome.failure ? { payoutFailure: outcome.failure } : {})
}
