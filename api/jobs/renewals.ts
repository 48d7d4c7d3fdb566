import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm'
import { formatLongDay, formatLongDays } from '../contract/dates.ts'
import { formatNairaFull } from '../contract/money.ts'
import { policies, policyEvents } from '../db/schema.ts'
import type { Deps } from '../deps.ts'
import { type Product, productById } from '../domain/catalogue/index.ts'
import { addDays, lagosDate } from '../domain/policies.ts'
import { policyState } from '../domain/policy-state.ts'
import { AUTO_RENEW_DAYS, autoRenewDue, daysToEnd, dueReminder, LATE_RENEWAL_DAYS, RENEWAL_WINDOW_DAYS } from '../domain/renewals.ts'
import { walletBalance } from '../services/ledger.ts'
import { mailPolicyNotice } from '../services/renewal-mail.tsx'
import { renewalOffer, renewFromWallet } from '../services/renewals.ts'
import { chargeSavedCard } from '../services/saved-cards.ts'
import { logger } from '../telemetry/logger.ts'
import { claimNotice } from './notices.ts'

// Renewals, reminders and expiry of retail policies (docs/decisions/091-renewals.md). Each reads the
// policies whose cover ends near today (deps.now, the one clock), and writes what it does under a
// unique key per policy and cover period, so a second run, or a second process, changes nothing.

type PolicyRow = typeof policies.$inferSelect
const PAGE = 200

/** Retail policies with a period whose cover ends between `from` and `to`, each with its state today, page by page. */
async function* policiesEnding(deps: Deps, from: string, to: string, today: string, autoRenewOnly = false) {
	let after: { coverEnd: string; id: string } | null = null
	for (;;) {
		const rows: PolicyRow[] = await deps.db
			.select()
			.from(policies)
			.where(
				and(
					eq(policies.kind, 'policy'),
					isNotNull(policies.period),
					gte(policies.coverEnd, from),
					lte(policies.coverEnd, to),
					autoRenewOnly ? eq(policies.autoRenew, true) : undefined,
					after
						? or(gt(policies.coverEnd, after.coverEnd), and(eq(policies.coverEnd, after.coverEnd), gt(policies.id, after.id)))
						: undefined,
				),
			)
			.orderBy(asc(policies.coverEnd), asc(policies.id))
			.limit(PAGE)
		if (rows.length === 0) return
		const events = await deps.db
			.select({
				policyId: policyEvents.policyId,
				staffId: policyEvents.staffId,
				kind: policyEvents.kind,
				effectiveOn: policyEvents.effectiveOn,
			})
			.from(policyEvents)
			.where(
				and(
					inArray(
						policyEvents.policyId,
						rows.map((r) => r.id),
					),
					isNull(policyEvents.cancelledAt),
				),
			)
		for (const policy of rows) {
			yield {
				policy,
				state: policyState(
					policy,
					events.filter((e) => e.policyId === policy.id),
					today,
				),
			}
		}
		const last = rows.at(-1)!
		after = { coverEnd: last.coverEnd, id: last.id }
	}
}

const productName = (policy: PolicyRow) => productById(policy.productId as Product['id']).name
const renewPath = (policy: PolicyRow) => `/mycover/${policy.id}/renew`

/** Reminders 14 and 3 days before cover ends, once each per cover period. */
export async function sendRenewalReminders(deps: Deps) {
	const today = lagosDate(deps.now())
	const counts = { sent: 0 }
	for await (const { policy, state } of policiesEnding(deps, today, addDays(today, RENEWAL_WINDOW_DAYS), today)) {
		if (state !== 'active' && state !== 'paused') continue
		const days = dueReminder(policy.coverEnd, today)
		if (days === null) continue
		if (!(await claimNotice(deps.db, policy.id, `renewal_reminder_${days}`, policy.coverEnd))) continue
		const offer = await renewalOffer(deps.db, policy, deps.now())
		const left = daysToEnd(policy.coverEnd, today)
		const when = left === 0 ? 'today' : `on ${formatLongDay(policy.coverEnd)}, in ${left} day${left === 1 ? '' : 's'}`
		await mailPolicyNotice(deps, policy, {
			subject: `Your ${productName(policy)} cover ends ${left === 0 ? 'today' : `in ${left} day${left === 1 ? '' : 's'}`}`,
			title: 'Your cover is due for renewal',
			lines: [
				`Your ${productName(policy)} policy ${policy.policyNumber} ends ${when}.`,
				policy.autoRenew
					? `It renews by itself from ${AUTO_RENEW_DAYS} days before the end: from your wallet when it holds ${formatNairaFull(offer.amount)}, else from your saved card. You may also renew now.`
					: `Renew it to stay covered: it keeps its number, and the new cover starts the day after this one ends.`,
			],
			facts: [['Renewal price', `${formatNairaFull(offer.amount)} for ${formatLongDays(offer.coverStart, offer.coverEnd)}`]],
			action: { path: renewPath(policy), label: 'Renew the policy' },
		})
		counts.sent++
	}
	return counts
}

/**
 * Auto-renewal before cover ends: from 3 days before, policies with auto_renew on are renewed from the
 * wallet when it holds the price (through the ledger, in one transaction, once per cover period); else
 * the customer is asked, once, by mail and a todo linking to the renewal screen. Tried again each run
 * until the last day, so a wallet funded meanwhile still renews.
 */
export async function autoRenewPolicies(deps: Deps) {
	const today = lagosDate(deps.now())
	const counts = { renewed: 0, asked: 0, failed: 0 }
	for await (const { policy, state } of policiesEnding(deps, today, addDays(today, AUTO_RENEW_DAYS), today, true)) {
		if ((state !== 'active' && state !== 'paused') || !autoRenewDue(policy.coverEnd, today)) continue
		try {
			const offer = await renewalOffer(deps.db, policy, deps.now())
			if (!offer.renewable) continue
			let outcome = await renewFromWallet(deps, offer)
			if (outcome === 'insufficient') {
				// The wallet short: the default saved card is charged what it lacks, into the wallet, once per
				// cover period (docs/decisions/101-charging-saved-cards.md), and the wallet renews.
				const shortfall = offer.amount - (await walletBalance(deps.db, policy.customerId))
				if (shortfall <= 0) {
					// Funded meanwhile (or by a run beside this one, whose renewal this one then finds done).
					outcome = await renewFromWallet(deps, offer)
				} else {
					const charge = await chargeSavedCard(deps, {
						customerId: policy.customerId,
						amount: shortfall,
						reference: `renew_${policy.id}_${policy.coverEnd}`,
						purpose: `Renewal of ${policy.policyNumber}`,
						retryUrl: `${deps.env.publicUrl}${renewPath(policy)}`,
					})
					if (charge.status === 'success') outcome = await renewFromWallet(deps, offer)
					// The gateway did not answer: the next run asks it again before anyone is asked to pay.
					else if (!charge.final) continue
				}
			}
			if (outcome === 'renewed') counts.renewed++
			if (outcome !== 'insufficient') continue
			if (await claimNotice(deps.db, policy.id, 'renewal_asked', policy.coverEnd)) {
				await mailPolicyNotice(deps, policy, {
					subject: `Renew your ${productName(policy)} cover: the wallet is short`,
					title: 'Your renewal needs you',
					lines: [
						`We could not renew your ${productName(policy)} policy ${policy.policyNumber} by itself: the wallet holds less than ${formatNairaFull(offer.amount)}.`,
						`Fund the wallet or pay by card before ${formatLongDay(policy.coverEnd)} to stay covered.`,
					],
					facts: [['Renewal price', formatNairaFull(offer.amount)]],
					action: { path: renewPath(policy), label: 'Renew now' },
				})
				counts.asked++
			}
		} catch (error) {
			counts.failed++
			logger.warn(`[jobs] could not renew policy ${policy.policyNumber}: ${error instanceof Error ? error.message : String(error)}`)
		}
	}
	return counts
}

/** How long after its end an expired policy is still told about (a process down for days catches up). */
const EXPIRY_NOTICE_DAYS = 7

/**
 * Cover that ended unrenewed: `is_expired` is computed when read (decision 078), so nothing is stored
 * on the policy; the customer is told once, with the 30 days left to renew it under its number.
 */
export async function mailExpiredPolicies(deps: Deps) {
	const today = lagosDate(deps.now())
	const counts = { told: 0 }
	for await (const { policy, state } of policiesEnding(deps, addDays(today, -EXPIRY_NOTICE_DAYS), addDays(today, -1), today)) {
		if (state !== 'expired') continue
		if (!(await claimNotice(deps.db, policy.id, 'expired', policy.coverEnd))) continue
		await mailPolicyNotice(deps, policy, {
			subject: `Your ${productName(policy)} cover has ended`,
			title: 'Your cover has ended',
			lines: [
				`Your ${productName(policy)} policy ${policy.policyNumber} ended on ${formatLongDay(policy.coverEnd)} and no longer covers you.`,
				`Renew it by ${formatLongDay(addDays(policy.coverEnd, LATE_RENEWAL_DAYS))} to keep its number; the new cover starts on the day you pay.`,
			],
			action: { path: renewPath(policy), label: 'Renew the policy' },
		})
		counts.told++
	}
	return counts
}
