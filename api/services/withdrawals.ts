import { formatNairaFull } from '../contract/money.ts'
import { and, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'
import { users, withdrawals } from '../db/schema.ts'
import { reversalTransfer, settlementTransfer, withdrawalFee, withdrawalTransfer } from '../domain/ledger.ts'
import { cancellable, needsApproval, statusAfterCode } from '../domain/withdrawals.ts'
import type { Deps } from '../deps.ts'
import type { AuthUser } from '../http.ts'
import { ApiError, fieldError, notFound } from '../errors.ts'
import type { Transfer } from '../payments/index.ts'
import { consumeOtp, createOtp } from '../security/otp.ts'
import { recordActivity } from './accounts.ts'
import { isOverdraft, postTransfer, walletBalance } from './ledger.ts'
import { mailWithdrawalOutcome } from './money-mail.tsx'
import { mailWithdrawalCode } from './otp-mail.ts'
import { newReference } from './payments.ts'
import { logger } from '../telemetry/logger.ts'
import type { ActivityType } from '../contract/activities.ts'

type Row = typeof withdrawals.$inferSelect
const conflict = (message: string) => new ApiError(409, message)

const approvers = alias(users, 'approvers')

/** A withdrawal of the caller's business, with who asked and who approved; a 404 otherwise. */
export async function ownWithdrawal(db: Db, customerId: string, id: string) {
	const [row] = await db
		.select({
			w: withdrawals,
			requester: { first: users.firstName, last: users.lastName },
			approver: { first: approvers.firstName, last: approvers.lastName },
		})
		.from(withdrawals)
		.innerJoin(users, eq(users.id, withdrawals.requestedBy))
		.leftJoin(approvers, eq(approvers.id, withdrawals.approvedBy))
		.where(and(eq(withdrawals.id, id), eq(withdrawals.customerId, customerId)))
	if (!row) throw notFound('withdrawal')
	return row
}

export function serializeWithdrawal({ w, requester, approver }: Awaited<ReturnType<typeof ownWithdrawal>>) {
	return {
		id: w.id,
		reference: w.reference,
		amount: w.amount,
		fee: w.fee,
		total: w.amount + w.fee,
		status: w.status,
		bank: { bank_code: w.bankCode, bank_name: w.bankName, account_number: w.accountNumber, account_name: w.accountName },
		needs_approval: w.needsApproval,
		requested_by: { id: w.requestedBy, name: `${requester.first} ${requester.last}` },
		approved_by: w.approvedBy && approver ? { id: w.approvedBy, name: `${approver.first} ${approver.last}` } : null,
		failure_reason: w.failureReason,
		created_at: w.createdAt.toISOString(),
		finished_at: w.finishedAt?.toISOString() ?? null,
	}
}

const facts = (w: Row) => ({ id: w.id, customerId: w.customerId, amount: w.amount, fee: w.fee, reference: w.reference })

function notEnough(balance: number, amount: number, fee: number) {
	return fieldError(
		400,
		'amount',
		`Your wallet has ${formatNairaFull(balance)}: not enough for ${formatNairaFull(amount)} plus the ${formatNairaFull(fee)} transfer fee.`,
	)
}

/**
 * Debit the wallet into payouts in transit at once and mail the requester a code. The same
 * idempotency key answers the same withdrawal.
 */
export async function createWithdrawal(
	deps: Deps,
	auth: AuthUser,
	input: { amount: number; bankCode: string; accountNumber: string; idempotencyKey: string },
) {
	const byKey = async () => {
		const [row] = await deps.db
			.select()
			.from(withdrawals)
			.where(and(eq(withdrawals.customerId, auth.customerId), eq(withdrawals.idempotencyKey, input.idempotencyKey)))
		if (row && (row.amount !== input.amount || row.bankCode !== input.bankCode || row.accountNumber !== input.accountNumber)) {
			throw fieldError(409, 'idempotency_key', 'This idempotency key was already used for another withdrawal.')
		}
		return row
	}
	const bank = (await deps.payments.listBanks()).find((b) => b.code === input.bankCode)
	if (!bank) throw fieldError(400, 'bank_code', 'Choose a bank from the list.')
	const earlier = await byKey()
	if (earlier) return earlier
	const account = await deps.payments.resolveAccount({ bankCode: input.bankCode, accountNumber: input.accountNumber })
	if (!account) throw fieldError(400, 'account_number', 'We could not find that account at that bank. Check the number and the bank.')
	const fee = withdrawalFee(input.amount)
	const balance = await walletBalance(deps.db, auth.customerId)
	if (balance < input.amount + fee) throw notEnough(balance, input.amount, fee)
	const now = deps.now()
	let made: { row: Row; code: string } | null
	try {
		made = await deps.db.transaction(async (tx) => {
			const [row] = await tx
				.insert(withdrawals)
				.values({
					customerId: auth.customerId,
					requestedBy: auth.id,
					idempotencyKey: input.idempotencyKey,
					reference: newReference('wd'),
					amount: input.amount,
					fee,
					bankCode: bank.code,
					bankName: bank.name,
					accountNumber: input.accountNumber,
					accountName: account.accountName,
					status: 'awaiting_otp',
					needsApproval: needsApproval(input.amount, deps.env.withdrawalApprovalThreshold),
					createdAt: now,
					updatedAt: now,
				})
				.onConflictDoNothing()
				.returning()
			if (!row) return null
			await postTransfer(tx, withdrawalTransfer(facts(row)))
			const code = await createOtp(tx, auth.email, 'withdrawal', now, row.id)
			await recordActivity(tx, {
				customerId: auth.customerId,
				actorUserId: auth.id,
				type: 'wallet.withdrawal_requested',
				description: `${auth.firstName} asked to withdraw ${formatNairaFull(input.amount)} to ${account.accountName}, ${bank.name} ${input.accountNumber}`,
			})
			return { row, code }
		})
	} catch (error) {
		if (isOverdraft(error)) throw notEnough(await walletBalance(deps.db, auth.customerId), input.amount, fee)
		throw error
	}
	// Sent at once with the same key: the other request made it.
	if (!made) return (await byKey())!
	await mailWithdrawalCode(deps, auth, made.code, made.row)
	return made.row
}

/** A new code for a withdrawal still waiting for one; the send limits of codes apply. */
export async function resendWithdrawalCode(deps: Deps, auth: AuthUser, id: string) {
	const { w } = await ownWithdrawal(deps.db, auth.customerId, id)
	if (w.requestedBy !== auth.id) throw new ApiError(403, 'The code goes to the person who asked for this withdrawal.')
	if (w.status !== 'awaiting_otp') throw conflict('This withdrawal is not waiting for a code.')
	const code = await createOtp(deps.db, auth.email, 'withdrawal', deps.now(), w.id)
	await mailWithdrawalCode(deps, auth, code, w)
}

/**
 * The requester's code confirms the withdrawal; without a pending approval the payout starts. Sent
 * again after the code was taken, it only retries the payout.
 */
export async function confirmWithdrawal(deps: Deps, auth: AuthUser, id: string, otp: string) {
	const { w } = await ownWithdrawal(deps.db, auth.customerId, id)
	if (w.requestedBy !== auth.id) throw new ApiError(403, 'Only the person who asked for this withdrawal can confirm it.')
	if (!w.otpConfirmedAt) {
		if (w.status !== 'awaiting_otp') throw conflict('This withdrawal was cancelled.')
		const now = deps.now()
		await consumeOtp(deps.db, auth.email, 'withdrawal', otp, now, w.id)
		const [confirmed] = await deps.db
			.update(withdrawals)
			.set({ otpConfirmedAt: now, status: statusAfterCode(w), updatedAt: now })
			.where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, 'awaiting_otp')))
			.returning()
		if (!confirmed) throw conflict('This withdrawal was cancelled.')
		await recordActivity(deps.db, {
			customerId: w.customerId,
			actorUserId: auth.id,
			type: 'wallet.withdrawal_confirmed',
			description: `${auth.firstName} confirmed the withdrawal of ${formatNairaFull(w.amount)} (${w.reference})`,
		})
	}
	await startPayout(deps, w.id)
}

/** A second member with wallet.withdraw approves a withdrawal above the threshold; the payout starts. */
export async function approveWithdrawal(deps: Deps, auth: AuthUser, id: string) {
	const { w } = await ownWithdrawal(deps.db, auth.customerId, id)
	if (w.requestedBy === auth.id) throw new ApiError(403, 'Another member with withdrawal permission must approve your withdrawal.')
	if (!w.needsApproval) throw conflict('This withdrawal does not need approval.')
	if (!w.approvedBy) {
		if (w.status === 'awaiting_otp') throw conflict('The requester must confirm this withdrawal with their code first.')
		if (w.status !== 'awaiting_approval') throw conflict('This withdrawal is no longer waiting for approval.')
		const now = deps.now()
		const [approved] = await deps.db
			.update(withdrawals)
			.set({ approvedBy: auth.id, approvedAt: now, status: 'processing', updatedAt: now })
			.where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, 'awaiting_approval')))
			.returning()
		if (!approved) throw conflict('This withdrawal is no longer waiting for approval.')
		await recordActivity(deps.db, {
			customerId: w.customerId,
			actorUserId: auth.id,
			type: 'wallet.withdrawal_approved',
			description: `${auth.firstName} approved the withdrawal of ${formatNairaFull(w.amount)} (${w.reference})`,
		})
	} else if (w.approvedBy !== auth.id) throw conflict('Someone else already approved this withdrawal.')
	await startPayout(deps, w.id)
}

/** Before the payout starts, the withdrawal is cancelled (or its approval refused): the wallet gets it all back. */
export async function cancelWithdrawal(deps: Deps, auth: AuthUser, id: string) {
	await ownWithdrawal(deps.db, auth.customerId, id)
	await deps.db.transaction(async (tx) => {
		const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update')
		if (w!.status === 'cancelled') return
		if (!cancellable(w!.status)) throw conflict('The payout of this withdrawal has started: it can no longer be cancelled.')
		const now = deps.now()
		await postTransfer(tx, reversalTransfer(facts(w!), false))
		await tx.update(withdrawals).set({ status: 'cancelled', finishedAt: now, updatedAt: now }).where(eq(withdrawals.id, id))
		await recordActivity(tx, {
			customerId: w!.customerId,
			actorUserId: auth.id,
			type: 'wallet.withdrawal_cancelled',
			description: `${auth.firstName} cancelled the withdrawal of ${formatNairaFull(w!.amount)}: ${formatNairaFull(w!.amount + w!.fee)} back in the wallet`,
		})
	})
}

/**
 * Ask the gateway to pay a withdrawal out, once: the reference makes a retry the same transfer, and a
 * retry first asks whether an earlier attempt reached the gateway.
 */
export async function startPayout(deps: Deps, id: string) {
	const [w] = await deps.db.select().from(withdrawals).where(eq(withdrawals.id, id))
	if (w?.status !== 'processing' || w.transferCode) return
	let transfer = w.recipientCode ? await deps.payments.verifyTransfer(w.reference) : null
	if (!transfer) {
		let recipientCode = w.recipientCode
		if (!recipientCode) {
			;({ recipientCode } = await deps.payments.createRecipient({
				name: w.accountName,
				accountNumber: w.accountNumber,
				bankCode: w.bankCode,
			}))
			await deps.db.update(withdrawals).set({ recipientCode }).where(eq(withdrawals.id, id))
		}
		transfer = await deps.payments.initiateTransfer({
			amount: w.amount,
			recipientCode,
			reference: w.reference,
			reason: `Wallet withdrawal ${w.reference}`,
		})
	}
	await deps.db.update(withdrawals).set({ transferCode: transfer.transferCode, updatedAt: deps.now() }).where(eq(withdrawals.id, id))
	// Paystack holds transfers for an OTP to the merchant when OTP is on for transfers: turn it off for API payouts.
	if (transfer.status === 'otp') logger.warn(`[payments] transfer ${w.reference} waits for the gateway's OTP: disable OTP for transfers`)
	await applyTransferOutcome(deps, transfer)
}

/**
 * Finish what a crash or a lost webhook left of a payout under way: start it if it never reached the
 * gateway (the reference keeps it one payout), or ask the gateway how it went.
 */
export async function refreshWithdrawal(deps: Deps, w: Row) {
	if (w.status !== 'processing') return
	try {
		if (!w.transferCode) return await startPayout(deps, w.id)
		const transfer = await deps.payments.verifyTransfer(w.reference)
		if (transfer) await applyTransferOutcome(deps, transfer)
	} catch (error) {
		// The gateway is down: the withdrawal shows as it is, and the next look tries again.
		if (!(error instanceof ApiError)) throw error
	}
}

/**
 * What the gateway says of a payout: success settles it out of payouts in transit; failure (or a
 * reversal after success) posts a new transfer that gives the wallet the amount and the fee back.
 */
export async function applyTransferOutcome(deps: Deps, transfer: Pick<Transfer, 'reference' | 'status' | 'reason'>) {
	if (!['success', 'failed', 'reversed'].includes(transfer.status)) return
	let finished: string | null = null
	await deps.db.transaction(async (tx) => {
		const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.reference, transfer.reference)).for('update')
		if (!w) return
		const now = deps.now()
		const log = (type: ActivityType, description: string) =>
			recordActivity(tx, { customerId: w.customerId, actorUserId: null, type, description })
		if (transfer.status === 'success') {
			if (w.status !== 'processing') return
			await postTransfer(tx, settlementTransfer(facts(w)))
			await tx.update(withdrawals).set({ status: 'succeeded', finishedAt: now, updatedAt: now }).where(eq(withdrawals.id, w.id))
			await log('wallet.withdrawal_paid', `${formatNairaFull(w.amount)} paid to ${w.accountName}, ${w.bankName} ${w.accountNumber}`)
			finished = w.id
			return
		}
		const settled = w.status === 'succeeded'
		if (w.status !== 'processing' && !(settled && transfer.status === 'reversed')) return
		const reason = transfer.reason || 'The bank did not accept the transfer.'
		await postTransfer(tx, reversalTransfer(facts(w), settled))
		await tx
			.update(withdrawals)
			.set({ status: 'failed', failureReason: reason, finishedAt: now, updatedAt: now })
			.where(eq(withdrawals.id, w.id))
		await log(
			'wallet.withdrawal_failed',
			`The withdrawal of ${formatNairaFull(w.amount)} to ${w.accountName} failed (${reason}): ${formatNairaFull(w.amount + w.fee)} back in the wallet`,
		)
		finished = w.id
	})
	// Only the call that settled the payout mails, after its transaction: a repeated webhook changes nothing.
	if (finished) await mailWithdrawalOutcome(deps, finished)
}
