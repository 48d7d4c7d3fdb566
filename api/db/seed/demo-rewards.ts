import { and, desc, eq, sql } from 'drizzle-orm'
import { formatNairaFull } from '../../contract/money.ts'
import { referralRewardTransfer } from '../../domain/ledger.ts'
import { QUALIFYING_DAYS, REFERRAL_REWARD } from '../../domain/rewards.ts'
import { CLAIM_STATUS_WORDS } from '../../services/claims.ts'
import { notify } from '../../services/notifications.ts'
import { recordActivity } from '../../services/accounts.ts'
import { referralCode, shownName } from '../../services/rewards.tsx'
import type { Db } from '../client.ts'
import * as t from '../schema.ts'
import { NEWEST_MEMBER } from './demo-team.ts'
import { postTransferAt } from './ledger-time.ts'
import { workingHoursOn } from './seed-time.ts'
import { lagosDate } from '../../domain/policies.ts'

// The demo's rewards and notifications (docs/decisions/112 and 114): referrals in every status, their
// rewards paid through the ledger like any other, and a bell with something in it, some of it read.

const DAY = 86_400_000

/** Who the demo business referred: enough for a second page of its rewards table. */
const BUSINESS_REFERRALS: Array<{
	name: string
	kind: 'business' | 'individual'
	status: 'pending' | 'earned' | 'paid' | 'void'
	daysAgo: number
}> = [
	{ name: 'Adebayo Haulage Ltd', kind: 'business', status: 'paid', daysAgo: 120 },
	{ name: 'Chiamaka Eze', kind: 'individual', status: 'paid', daysAgo: 95 },
	{ name: 'Kano Cold Chain Ltd', kind: 'business', status: 'earned', daysAgo: 40 },
	{ name: 'Okafor Logistics Staff Club', kind: 'business', status: 'void', daysAgo: 60 },
	...[
		'Tunde Bakare',
		'Blessing Okon',
		'Ibadan Fresh Foods Ltd',
		'Musa Danjuma',
		'Halima Bello',
		'Port Harcourt Marine Services',
		'Emeka Nwachukwu',
		'Folake Adeyemi',
		'Abuja Office Supplies Ltd',
		'Sani Abubakar',
		'Ngozi Obi',
		'Lekki Dental Clinic',
		'Yusuf Lawal',
		'Grace Etim',
		'Enugu Agro Traders',
		'Kehinde Ajayi',
		'Amaka Okeke',
		'Jos Solar Installers',
	].map((name, i) => ({
		name,
		kind:
			name.includes(' Ltd') ||
			name.includes(' Services') ||
			name.includes(' Clinic') ||
			name.includes(' Traders') ||
			name.includes(' Installers')
				? ('business' as const)
				: ('individual' as const),
		status: 'pending' as const,
		daysAgo: 2 + i,
	})),
]

const INDIVIDUAL_REFERRALS: typeof BUSINESS_REFERRALS = [
	{ name: 'Ifeanyi Okoro', kind: 'individual', status: 'paid', daysAgo: 80 },
	{ name: 'Zainab Sule', kind: 'individual', status: 'pending', daysAgo: 6 },
	{ name: 'Bisi Adewale', kind: 'individual', status: 'void', daysAgo: 30 },
]

async function seedReferrals(db: Db, email: string, referred: typeof BUSINESS_REFERRALS, now: Date) {
	const [owner] = await db.select({ customerId: t.users.customerId }).from(t.users).where(eq(t.users.email, email))
	if (!owner) return
	const [already] = await db
		.select({ id: t.referrals.id })
		.from(t.referrals)
		.where(eq(t.referrals.referrerCustomerId, owner.customerId))
		.limit(1)
	if (already) return
	await referralCode(db, owner.customerId)
	await db.transaction(async (tx) => {
		for (const r of referred) {
			// Signed up in the working hours of their day, not at the hour the demo was seeded.
			const signedUp = workingHoursOn(lagosDate(new Date(now.getTime() - r.daysAgo * DAY)))
			const joined = signedUp < now ? signedUp : new Date(now.getTime() - 60_000)
			const [customer] = await tx
				.insert(t.customers)
				.values({
					kind: r.kind,
					name: r.name,
					sector: 'Retail',
					meta: { cac_verified: false, sector: 'Retail' },
					heardFrom: 'referral',
					channelSource: 'referral',
					createdAt: joined,
				})
				.returning({ id: t.customers.id })
			const earnedAt = r.status === 'paid' || r.status === 'earned' ? new Date(joined.getTime() + (QUALIFYING_DAYS + 3) * DAY) : null
			const [referral] = await tx
				.insert(t.referrals)
				.values({
					referrerCustomerId: owner.customerId,
					referredCustomerId: customer!.id,
					status: r.status,
					voidReason: r.status === 'void' ? (r.kind === 'business' ? 'self' : 'same_payer') : null,
					amount: REFERRAL_REWARD,
					earnedAt,
					createdAt: joined,
				})
				.returning({ id: t.referrals.id })
			if (r.status !== 'paid') continue
			const reference = `REF-${referral!.id.slice(0, 8).toUpperCase()}`
			// Paid as the job pays: through the ledger, into the wallet.
			const transfer = await postTransferAt(
				tx,
				referralRewardTransfer({
					referralId: referral!.id,
					customerId: owner.customerId,
					amount: REFERRAL_REWARD,
					reference,
				}),
				earnedAt!,
			)
			await tx
				.update(t.referrals)
				.set({ status: 'paid', paidAt: earnedAt, transferId: transfer.id })
				.where(eq(t.referrals.id, referral!.id))
			// As the rewards job records a reward paid (services/rewards.tsx).
			await recordActivity(tx, {
				customerId: owner.customerId,
				actorUserId: null,
				type: 'rewards.paid',
				description: `Referral reward of ${formatNairaFull(REFERRAL_REWARD)} paid into the wallet for ${shownName({ kind: r.kind, name: r.name })} (${reference})`,
				at: earnedAt!,
			})
		}
	})
}

/**
 * A bell with a few things in it for each demo account, each dated when the thing it tells happened
 * (docs/decisions/158-demo-history-in-time.md): a reward paid and a card payment that failed, weeks ago
 * and read; the newest member joining; the two claims the desk moved last, unread.
 */
async function seedNotifications(db: Db, email: string, now: Date) {
	const [user] = await db.select({ id: t.users.id, customerId: t.users.customerId }).from(t.users).where(eq(t.users.email, email))
	if (!user) return
	const [already] = await db.select({ id: t.notifications.id }).from(t.notifications).where(eq(t.notifications.userId, user.id)).limit(1)
	if (already) return
	const claims = await db
		.select({ id: t.claims.id, number: t.claims.claimNumber, status: t.claims.status, at: t.claims.updatedAt })
		.from(t.claims)
		.where(and(eq(t.claims.customerId, user.customerId), sql`${t.claims.status} in ('offer_sent', 'approved', 'paid')`))
		.orderBy(desc(t.claims.updatedAt))
		.limit(2)
	const [reward] = await db
		.select({ name: t.customers.name, kind: t.customers.kind, amount: t.referrals.amount, at: t.referrals.paidAt })
		.from(t.referrals)
		.innerJoin(t.customers, eq(t.customers.id, t.referrals.referredCustomerId))
		.where(and(eq(t.referrals.referrerCustomerId, user.customerId), eq(t.referrals.status, 'paid')))
		.orderBy(desc(t.referrals.paidAt))
		.limit(1)
	const [member] = email.startsWith('business')
		? await db
				.select({ at: t.users.createdAt })
				.from(t.users)
				.where(and(eq(t.users.customerId, user.customerId), sql`${t.users.firstName} || ' ' || ${t.users.lastName} = ${NEWEST_MEMBER}`))
		: []
	// The card payment that failed: in the history too, where the notification leads.
	const failedAt = new Date(now.getTime() - 12 * DAY - 5 * 3_600_000)
	const failed = { amount: 15_000, reference: `demo_fund_failed_${user.customerId.slice(0, 8)}` }
	await db.insert(t.payments).values({
		customerId: user.customerId,
		userId: user.id,
		idempotencyKey: failed.reference,
		reference: failed.reference,
		amount: failed.amount,
		status: 'failed',
		gateway: 'sandbox',
		authorizationUrl: `demo:${failed.reference}`,
		purpose: 'funding',
		failureReason: 'Declined by the issuing bank',
		createdAt: failedAt,
		updatedAt: failedAt,
	})
	const entries = [
		...(reward?.at
			? [
					{
						kind: 'reward_paid' as const,
						title: `Referral reward of ${formatNairaFull(reward.amount)} paid for ${shownName(reward)}`,
						href: '/rewards/all',
						at: reward.at,
						read: true,
					},
				]
			: []),
		{
			kind: 'payment_failed' as const,
			title: `A payment of ${formatNairaFull(failed.amount)} failed (wallet funding)`,
			href: '/transaction-history?status=failed',
			at: failedAt,
			read: true,
		},
		...(member
			? [
					{
						kind: 'member_joined' as const,
						title: `${NEWEST_MEMBER} joined the team`,
						href: '/settings?tab=team',
						at: member.at,
						read: false,
					},
				]
			: []),
		...claims.map((c) => ({
			kind: 'claim_status' as const,
			title: `Claim ${c.number}: ${CLAIM_STATUS_WORDS[c.status]}`,
			href: `/claims/details-${c.id}`,
			at: c.at,
			read: false,
		})),
	]
	await db.transaction(async (tx) => {
		for (const entry of entries) {
			await notify(tx, { userId: user.id, kind: entry.kind, title: entry.title, href: entry.href })
			await tx
				.update(t.notifications)
				.set({ createdAt: entry.at, readAt: entry.read ? new Date(entry.at.getTime() + 3 * 3_600_000) : null })
				.where(and(eq(t.notifications.userId, user.id), eq(t.notifications.title, entry.title)))
		}
	})
}

export async function seedDemoRewards(db: Db, now = new Date()) {
	await seedReferrals(db, 'business@example.com', BUSINESS_REFERRALS, now)
	await seedReferrals(db, 'individual@example.com', INDIVIDUAL_REFERRALS, now)
	await seedNotifications(db, 'business@example.com', now)
	await seedNotifications(db, 'individual@example.com', now)
}
