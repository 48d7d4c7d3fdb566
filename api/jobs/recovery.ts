import { and, asc, eq, gt, lt, or, sql } from 'drizzle-orm'
import { claimPayouts, payments, withdrawals } from '../db/schema.ts'
import type { Deps } from '../deps.ts'
import { refreshClaimPayout } from '../services/claims.ts'
import { applyCharge } from '../services/payments.ts'
import { refreshWithdrawal } from '../services/withdrawals.ts'
import { logger } from '../telemetry/logger.ts'

/** A payment or payout still under way after this long is asked about (docs/decisions/037-recovery-of-pending-payments.md). */
export const PENDING_MAX_AGE_MS = 5 * 60_000
/** How long a checkout marked not completed is still asked about, in case the payer finished it late. */
export const LATE_PAYMENT_WINDOW_MS = 24 * 60 * 60_000
export const NOT_COMPLETED = 'The payment was not completed.'
const BATCH = 100

const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Settle the payments a crash or a lost webhook left pending: each one older than `olderThanMs` is
 * verified with the gateway and applied through the path the webhook and the callback use (which
 * credits once, however often it runs). A checkout the payer never finished is marked not completed,
 * and asked about again, at doubling intervals for a day, so a late payment is still credited.
 */
export async function recoverPayments(deps: Deps, { olderThanMs = PENDING_MAX_AGE_MS } = {}) {
	const now = deps.now()
	const before = new Date(now.getTime() - olderThanMs)
	const due = await deps.db
		.select()
		.from(payments)
		.where(
			or(
				and(eq(payments.status, 'pending'), lt(payments.createdAt, before)),
				and(
					eq(payments.status, 'failed'),
					eq(payments.failureReason, NOT_COMPLETED),
					gt(payments.createdAt, new Date(now.getTime() - LATE_PAYMENT_WINDOW_MS)),
					sql`${now}::timestamptz - ${payments.updatedAt} >= greatest(${`${olderThanMs} milliseconds`}::interval, ${payments.updatedAt} - ${payments.createdAt})`,
				),
			),
		)
		.orderBy(asc(payments.createdAt))
		.limit(BATCH)
	const counts = { credited: 0, declined: 0, notCompleted: 0, unreachable: 0 }
	for (const payment of due) {
		try {
			const charge = await deps.payments.verify(payment.reference)
			if (charge?.status === 'success' || (charge?.status === 'failed' && payment.status === 'pending')) {
				const after = await applyCharge(deps, charge)
				if (after?.status === 'success') {
					counts.credited++
					continue
				}
				if (payment.status === 'pending') {
					counts.declined++
					continue
				}
			}
			await deps.db
				.update(payments)
				.set(payment.status === 'pending' ? { status: 'failed', failureReason: NOT_COMPLETED, updatedAt: now } : { updatedAt: now })
				.where(and(eq(payments.id, payment.id), eq(payments.status, payment.status)))
			if (payment.status === 'pending') counts.notCompleted++
		} catch (error) {
			// The gateway (or the database) did not answer: the payment stays as it is for the next run.
			counts.unreachable++
			logger.warn(`[jobs] could not settle payment ${payment.reference}: ${message(error)}`)
		}
	}
	return counts
}

/**
 * Finish the payouts a crash or a lost webhook left in processing, withdrawals and claims' bank
 * payouts alike: start the ones that never reached the gateway (their reference keeps each one
 * payout), and ask the gateway how the others went.
 */
export async function recoverPayouts(deps: Deps, { olderThanMs = PENDING_MAX_AGE_MS } = {}) {
	const before = new Date(deps.now().getTime() - olderThanMs)
	const due = await deps.db
		.select()
		.from(withdrawals)
		.where(and(eq(withdrawals.status, 'processing'), lt(withdrawals.updatedAt, before)))
		.orderBy(asc(withdrawals.updatedAt))
		.limit(BATCH)
	let failures = 0
	for (const withdrawal of due) {
		try {
			await refreshWithdrawal(deps, withdrawal)
		} catch (error) {
			failures++
			logger.warn(`[jobs] could not settle withdrawal ${withdrawal.reference}: ${message(error)}`)
		}
	}
	const claimsDue = await deps.db
		.select()
		.from(claimPayouts)
		.where(and(eq(claimPayouts.status, 'processing'), lt(claimPayouts.updatedAt, before)))
		.orderBy(asc(claimPayouts.updatedAt))
		.limit(BATCH)
	for (const payout of claimsDue) {
		try {
			await refreshClaimPayout(deps, payout)
		} catch (error) {
			failures++
			logger.warn(`[jobs] could not settle claim payout ${payout.reference}: ${message(error)}`)
		}
	}
	return { checked: due.length + claimsDue.length, failures }
}
