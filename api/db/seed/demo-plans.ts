import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../client.ts'
import * as t from '../schema.ts'
import { formatDay } from '../../contract/dates.ts'
import { addDays, addMonths, coverPeriod, lagosDate } from '../../domain/policies.ts'
import { HEALTH_MONTHLY_RATES } from '../../domain/pricing/health.ts'
import { activatedWords } from '../../domain/register-words.ts'
import { productById } from '../../domain/catalogue/index.ts'
import { recordActivity } from '../../services/accounts.ts'
import { issuedActivity, nextPolicyNumber } from '../../services/purchases.ts'
import { demoEmail } from './demo-people.ts'
import { enrolDemoMembers } from './plan-members.ts'
import { demoQuote, demoWalletPurchase } from './demo-purchase.ts'
import { lagosMidnight, passedOr } from './seed-time.ts'

// The demo business's staff plans (issue 14): two active plans whose members move, one removal
// pending, one migration done last month and one booked for next month, so every screen under
// /mycover/{plan_id}/ has something to show. Seeded once, when the business has no policy yet.

const STAFF = [
	['Chinedu', 'Eze', 'male'],
	['Folasade', 'Akande', 'female'],
	['Ibrahim', 'Danladi', 'male'],
	['Ngozi', 'Nwosu', 'female'],
	['Oluwaseun', 'Bello', 'male'],
	['Aisha', 'Abubakar', 'female'],
	['Emeka', 'Obi', 'male'],
	['Halima', 'Yusuf', 'female'],
	['Tolu', 'Ogunleye', 'female'],
	['Kelechi', 'Okonkwo', 'male'],
] as const

export async function seedDemoPlans(db: Db, email: string, now = new Date()) {
	const [owner] = await db
		.select({ id: t.users.id, customerId: t.users.customerId })
		.from(t.users)
		.where(sql`lower(${t.users.email}) = ${email}`)
	if (!owner) return
	// Seeded once: its first plan's purchase is the mark (the other demo seeds add plans and changes of their own).
	const [any] = await db
		.select({ id: t.purchases.id })
		.from(t.purchases)
		.where(and(eq(t.purchases.customerId, owner.customerId), eq(t.purchases.idempotencyKey, 'demo-plan-zencare')))
		.limit(1)
	if (any) return
	const today = lagosDate(now)
	const start = addMonths(today, -4)
	const thisMonth = `${today.slice(0, 7)}-01`
	const lastMonth = addMonths(thisMonth, -1)
	const nextMonth = addMonths(thisMonth, 1)
	await db.transaction(async (tx) => {
		const plan = async (key: string, productId: 32 | 33, slots: number) => {
			const input = { product_id: productId, plan_type: 'standard', members: slots, period: 'annual' }
			const purchase = await demoWalletPurchase(
				tx,
				{ customerId: owner.customerId, userId: owner.id, key, productId, input, quote: demoQuote(input), plan: true },
				new Date(`${start}T09:00:00Z`),
			)
			const cover = coverPeriod(start, { months: 12 })
			const [row] = await tx
				.insert(t.policies)
				.values({
					customerId: owner.customerId,
					purchaseId: purchase.id,
					kind: 'plan',
					productId,
					policyNumber: await nextPolicyNumber(tx, 'health', start),
					status: 'active',
					custodianUserId: owner.id,
					premium: 0,
					period: 'annual',
					coverStart: cover.start,
					coverEnd: cover.end,
					slots,
					monthlyRate: HEALTH_MONTHLY_RATES[productId],
					autoRenew: true,
					nextBillingDate: addDays(cover.end, 1),
					activatedAt: new Date(`${start}T10:00:00Z`),
					createdAt: new Date(`${start}T09:00:00Z`),
				})
				.returning()
			await recordActivity(tx, {
				customerId: owner.customerId,
				actorUserId: owner.id,
				...issuedActivity(productById(productId).name, row!, 0),
				at: new Date(`${start}T09:00:00Z`),
			})
			return row!
		}
		const zencare = await plan('demo-plan-zencare', 32, 10)
		const primecare = await plan('demo-plan-primecare', 33, 4)
		// The plans' people are in the staff register too, as an upload puts them (services/batch.ts).
		const persons = STAFF.map(([first, last, gender], i) => ({
			first_name: first,
			last_name: last,
			email: demoEmail(first, last),
			phone: `0803${String(5_550_100 + i)}`,
			gender,
			date_of_birth: `19${80 + i}-0${1 + (i % 9)}-1${i % 9}`,
		}))
		const enrolled = new Date(`${start}T10:00:00Z`)
		const people = await enrolDemoMembers(tx, owner.customerId, persons, (i) => (i < 8 ? zencare.id : primecare.id), start, enrolled)
		const event = (policyId: string, e: Omit<typeof t.policyEvents.$inferInsert, 'customerId' | 'policyId' | 'actorUserId'>) =>
			tx.insert(t.policyEvents).values({ customerId: owner.customerId, policyId, actorUserId: owner.id, ...e })
		const name = (i: number) => `${people[i]!.firstName} ${people[i]!.lastName}`
		const onPlan = (id: string) => people.filter((p) => p.policyId === id).length
		// Worded as activating a plan by its sheet words it (services/batch.ts).
		await event(zencare.id, {
			kind: 'activated',
			effectiveOn: start,
			description: activatedWords(onPlan(zencare.id)),
			createdAt: new Date(`${start}T10:00:00Z`),
		})
		await event(primecare.id, {
			kind: 'activated',
			effectiveOn: start,
			description: activatedWords(onPlan(primecare.id)),
			createdAt: new Date(`${start}T10:00:00Z`),
		})
		// Last month: one member moved up to PrimeCare from the 1st of this month.
		await event(zencare.id, {
			kind: 'member_migration',
			staffId: people[7]!.id,
			toPolicyId: primecare.id,
			effectiveOn: thisMonth,
			description: `${name(7)} moves to PrimeCare (${primecare.policyNumber}) on ${formatDay(thisMonth)}`,
			createdAt: new Date(`${addDays(lastMonth, 14)}T11:00:00Z`),
		})
		// This month: one member leaves, another moves, both on the 1st of next month; asked for a few
		// days ago (or this month's first morning, early in the month, or its first hour when the seed
		// runs before that morning), not when the demo was seeded.
		const asked = (daysAgo: number, minutes: number, share: number) =>
			passedOr(
				new Date(Math.max(now.getTime() - daysAgo * 86_400_000, Date.parse(`${thisMonth}T08:00:00Z`)) - minutes * 60_000),
				now,
				lagosMidnight(thisMonth),
				share,
			)
		const removedAt = asked(3, 95, 0.4)
		const movedAt = asked(3, 80, 0.6)
		await event(zencare.id, {
			kind: 'member_removal',
			staffId: people[6]!.id,
			effectiveOn: nextMonth,
			description: `${name(6)} to be removed on ${formatDay(nextMonth)}`,
			createdAt: removedAt,
		})
		await event(zencare.id, {
			kind: 'member_migration',
			staffId: people[5]!.id,
			toPolicyId: primecare.id,
			effectiveOn: nextMonth,
			description: `${name(5)} moves to PrimeCare (${primecare.policyNumber}) on ${formatDay(nextMonth)}`,
			createdAt: movedAt,
		})
		await tx.insert(t.activities).values([
			{
				customerId: owner.customerId,
				actorUserId: owner.id,
				type: 'plans.members_moved',
				description: `Adaeze moved 1 member of ${zencare.policyNumber} to PrimeCare (${primecare.policyNumber}) from ${formatDay(thisMonth)}`,
				createdAt: new Date(`${addDays(lastMonth, 14)}T11:00:00Z`),
			},
			{
				customerId: owner.customerId,
				actorUserId: owner.id,
				type: 'plans.members_removed',
				description: `Adaeze removed 1 member from ${zencare.policyNumber} from ${formatDay(nextMonth)}`,
				createdAt: removedAt,
			},
			{
				customerId: owner.customerId,
				actorUserId: owner.id,
				type: 'plans.members_moved',
				description: `Adaeze moved 1 member of ${zencare.policyNumber} to PrimeCare (${primecare.policyNumber}) from ${formatDay(nextMonth)}`,
				createdAt: movedAt,
			},
		])
	})
}
