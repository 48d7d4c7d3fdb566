import { randomBytes } from 'node:crypto'
import { and, asc, count, desc, eq, inArray, isNull, sql, sum } from 'drizzle-orm'
import { formatNairaFull } from '../contract/money.ts'
import type { Db, Tx } from '../db/client.ts'
import { cards, customers, policies, policyEvents, purchases, referrals, users } from '../db/schema.ts'
import type { Deps } from '../deps.ts'
import { referralRewardTransfer } from '../domain/ledger.ts'
import {
	type BoughtCover,
	QUALIFYING_DAYS,
	REFERRAL_REWARD,
	VOID_REASONS,
	isSelfReferral,
	mayBePaid,
	newReferralCode,
	referralOutcome,
} from '../domain/rewards.ts'
import { sendTemplate } from '../mail/render.ts'
import { ReferralRewardMail } from '../mail/templates/referral-reward.tsx'
import { logger } from '../telemetry/logger.ts'
import { recordActivity } from './accounts.ts'
import { postTransfer, walletBalance } from './ledger.ts'
import { notify } from './notifications.ts'

// Referral codes, referrals and their rewards (docs/decisions/112-referral-rewards.md).

export const REFERRALS_PAGE_SIZE = 20

/** The customer's referral code, made the first time it is asked for. */
export async function referralCode(db: Db, customerId: string) {
	for (let attempt = 0; attempt < 5; attempt++) {
		const [row] = await db.select({ code: customers.referralCode }).from(customers).where(eq(customers.id, customerId))
		if (row?.code) return row.code
		// A code already taken is a unique violation: try another.
		await db
			.update(customers)
			.set({ referralCode: newReferralCode(randomBytes) })
			.where(and(eq(customers.id, customerId), isNull(customers.referralCode)))
			.catch(() => {})
	}
	throw new Error('Could not make a referral code')
}

/**
 * Record that a new account came through `code`, in its sign-up transaction. An unknown code is
 * ignored (the account is made all the same); an account of the referrer's own people is recorded
 * void, so the referrer sees it earned nothing.
 */
export async function recordReferral(tx: Tx, input: { code: string; customerId: string; email: string; phone: string | null; now: Date }) {
	const [referrer] = await tx
		.select({ id: customers.id, phone: customers.phone })
		.from(customers)
		.where(eq(customers.referralCode, input.code))
	if (!referrer || referrer.id === input.customerId) return null
	const members = await tx.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.customerId, referrer.id))
	const self = isSelfReferral(
		{
			emails: members.map((m) => m.email),
			phones: [referrer.phone, ...members.map((m) => m.phone)].filter((p): p is string => Boolean(p)),
		},
		{ email: input.email, phone: input.phone },
	)
	const [row] = await tx
		.insert(referrals)
		.values({
			referrerCustomerId: referrer.id,
			referredCustomerId: input.customerId,
			status: self ? 'void' : 'pending',
			voidReason: self ? 'self' : null,
			amount: REFERRAL_REWARD,
			createdAt: input.now,
		})
		.onConflictDoNothing()
		.returning()
	return row ?? null
}

export async function rewardsSummary(deps: Deps, customerId: string, portalUrl: string) {
	const code = await referralCode(deps.db, customerId)
	const rows = await deps.db
		.select({ status: referrals.status, n: count(), amount: sum(referrals.amount).mapWith(Number) })
		.from(referrals)
		.where(eq(referrals.referrerCustomerId, customerId))
		.groupBy(referrals.status)
	const of = (status: string) => rows.find((r) => r.status === status)
	return {
		code,
		link: `${portalUrl}/register?${new URLSearchParams({ referrer: code, utm_source: 'referral' })}`,
		reward: REFERRAL_REWARD,
		qualifying_days: QUALIFYING_DAYS,
		counts: { pending: of('pending')?.n ?? 0, earned: of('earned')?.n ?? 0, paid: of('paid')?.n ?? 0, void: of('void')?.n ?? 0 },
		paid_total: of('paid')?.amount ?? 0,
		earned_total: of('earned')?.amount ?? 0,
	}
}

/** A business by its name; a person by first name and the initial of the last, which is all a referrer needs. */
export function shownName(customer: { kind: 'business' | 'individual'; name: string }) {
	if (customer.kind === 'business') return customer.name
	const [first, ...rest] = customer.name.trim().split(/\s+/)
	const last = rest.at(-1)
	return last ? `${first} ${last[0]!.toUpperCase()}.` : (first ?? '')
}

export async function listReferrals(db: Db, customerId: string, page: number) {
	const where = eq(referrals.referrerCustomerId, customerId)
	const [rows, [total]] = await Promise.all([
		db
			.select({ referral: referrals, kind: customers.kind, name: customers.name })
			.from(referrals)
			.innerJoin(customers, eq(customers.id, referrals.referredCustomerId))
			.where(where)
			.orderBy(desc(referrals.createdAt), desc(referrals.id))
			.limit(REFERRALS_PAGE_SIZE)
			.offset((page - 1) * REFERRALS_PAGE_SIZE),
		db.select({ n: count() }).from(referrals).where(where),
	])
	return {
		items: rows.map(({ referral: r, kind, name }) => ({
			id: r.id,
			name: shownName({ kind, name }),
			joined_at: r.createdAt.toISOString(),
			amount: r.amount,
			status: r.status,
			reason: r.voidReason ? VOID_REASONS[r.voidReason] : null,
			earned_at: r.earnedAt?.toISOString() ?? null,
			paid_at: r.paidAt?.toISOString() ?? null,
		})),
		page,
		page_size: REFERRALS_PAGE_SIZE,
		total: total?.n ?? 0,
	}
}

/** The cover a referred customer paid for, with the day each was ended if it was (removed or deactivated). */
async function coversOf(db: Db, customerId: string): Promise<Array<BoughtCover & { policyId: string }>> {
	const rows = await db
		.select({
			policyId: policies.id,
			paidAt: policies.createdAt,
			endedOn: sql<string | null>`(select min(${policyEvents.effectiveOn})::text from ${policyEvents}
				where ${policyEvents.policyId} = ${policies.id} and ${policyEvents.staffId} is null
				and ${policyEvents.kind} in ('deactivate', 'terminate') and ${policyEvents.cancelledAt} is null)`,
		})
		.from(policies)
		.innerJoin(purchases, eq(purchases.id, policies.purchaseId))
		.where(and(eq(policies.customerId, customerId), inArray(purchases.status, ['paid', 'subscribed'])))
		.orderBy(asc(policies.createdAt))
	return rows.map((r) => ({ policyId: r.policyId, paidAt: r.paidAt, endedOn: r.endedOn ? new Date(`${r.endedOn}T00:00:00+01:00`) : null }))
}

/** Whether the two customers hold the same card (the gateway's fingerprint of it). */
async function shareACard(db: Db, a: string, b: string) {
	const [row] = await db
		.select({ n: count() })
		.from(cards)
		.where(
			and(eq(cards.customerId, a), sql`${cards.signature} in (select ${cards.signature} from ${cards} where ${cards.customerId} = ${b})`),
		)
	return (row?.n ?? 0) > 0
}

/**
 * The job (api/jobs/scheduler.ts): pending referrals whose referred customer kept cover for the
 * qualifying days become earned (or void for a shared card), and earned rewards of referrers who
 * finished KYC are paid into their wallets through the ledger, each once, with a notification in the
 * same transaction and a mail after it. Time is `deps.now`, so a test moves it.
 */
export async function creditReferralRewards(deps: Deps, options: { referrerId?: string } = {}) {
	const now = deps.now()
	const scope = options.referrerId ? eq(referrals.referrerCustomerId, options.referrerId) : undefined
	let earned = 0
	let voided = 0
	let paid = 0
	const pending = await deps.db
		.select()
		.from(referrals)
		.where(and(eq(referrals.status, 'pending'), scope))
		.orderBy(asc(referrals.createdAt))
		.limit(500)
	for (const referral of pending) {
		const covers = await coversOf(deps.db, referral.referredCustomerId)
		const outcome = referralOutcome({
			covers,
			sharesACard: covers.length > 0 && (await shareACard(deps.db, referral.referredCustomerId, referral.referrerCustomerId)),
			now,
		})
		if (outcome.status === 'pending') continue
		const [moved] = await deps.db
			.update(referrals)
			.set(
				outcome.status === 'earned'
					? { status: 'earned', earnedAt: outcome.qualifiedAt, policyId: outcome.cover.policyId }
					: { status: 'void', voidReason: outcome.reason },
			)
			.where(and(eq(referrals.id, referral.id), eq(referrals.status, 'pending')))
			.returning({ id: referrals.id })
		if (moved) outcome.status === 'earned' ? earned++ : voided++
	}
	const due = await deps.db
		.select({ id: referrals.id, sector: customers.sector })
		.from(referrals)
		.innerJoin(customers, eq(customers.id, referrals.referrerCustomerId))
		.where(and(eq(referrals.status, 'earned'), scope))
		.orderBy(asc(referrals.earnedAt))
		.limit(500)
	for (const { id, sector } of due) {
		if (!mayBePaid({ sector })) continue
		if (await payReward(deps, id)) paid++
	}
	return { earned, voided, paid }
}

/** Pay one earned reward: the transfer, the referral marked paid, the notification; then the mail. */
async function payReward(deps: Deps, referralId: string) {
	const done = await deps.db.transaction(async (tx) => {
		const [referral] = await tx.select().from(referrals).where(eq(referrals.id, referralId)).for('update')
		if (referral?.status !== 'earned') return null
		const reference = `REF-${referral.id.slice(0, 8).toUpperCase()}`
		const transfer = await postTransfer(
			tx,
			referralRewardTransfer({ referralId: referral.id, customerId: referral.referrerCustomerId, amount: referral.amount, reference }),
		)
		await tx.update(referrals).set({ status: 'paid', paidAt: deps.now(), transferId: transfer.id }).where(eq(referrals.id, referral.id))
		const [referred] = await tx
			.select({ kind: customers.kind, name: customers.name })
			.from(customers)
			.where(eq(customers.id, referral.referredCustomerId))
		const name = referred ? shownName(referred) : 'Your referral'
		await notify(tx, {
			businessId: referral.referrerCustomerId,
			kind: 'reward_paid',
			title: `Referral reward of ${formatNairaFull(referral.amount)} paid for ${name}`,
			href: '/rewards/all',
		})
		await recordActivity(tx, {
			customerId: referral.referrerCustomerId,
			actorUserId: null,
			type: 'rewards.paid',
			description: `Referral reward of ${formatNairaFull(referral.amount)} paid into the wallet for ${name} (${reference})`,
		})
		return { referral, reference, name }
	})
	if (!done) return false
	await mailReward(deps, done.referral.referrerCustomerId, done.referral.amount, done.name, done.reference)
	return true
}

/** The mail after the money moved, to the referring business's first member (its owner). */
async function mailReward(deps: Deps, customerId: string, amount: number, referred: string, reference: string) {
	try {
		const [owner] = await deps.db
			.select({ email: users.email, firstName: users.firstName })
			.from(users)
			.where(and(eq(users.customerId, customerId), eq(users.status, 'active')))
			.orderBy(asc(users.createdAt))
			.limit(1)
		if (!owner) return
		await sendTemplate(
			deps,
			owner.email,
			'Referral reward paid',
			<ReferralRewardMail
				publicUrl={deps.env.publicUrl}
				firstName={owner.firstName}
				amount={amount}
				referred={referred}
				reference={reference}
				balance={await walletBalance(deps.db, customerId)}
			/>,
		)
	} catch (error) {
		logger.error(`[mail] could not send the referral reward mail: ${error instanceof Error ? error.message : String(error)}`)
	}
}
