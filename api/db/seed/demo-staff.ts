import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../client.ts'
import * as t from '../schema.ts'
import { type HealthProductId, PRODUCT_IDS, type ProductId } from '../../contract/product-ids.ts'
import { productById } from '../../domain/catalogue/index.ts'
import { HEALTH_MONTHLY_RATES } from '../../domain/pricing/health.ts'
import { addDays, addMonths, lagosDate } from '../../domain/policies.ts'
import { endOfMonth, firstOfMonth, firstOfNextMonth } from '../../domain/staff-lifecycle.ts'
import { recordActivity } from '../../services/accounts.ts'
import { issuedActivity, nextPolicyNumber } from '../../services/purchases.ts'
import { activatedWords, addedWords, enrolledWords, joinsWords, leaveWords } from '../../domain/register-words.ts'
import { demoEmail, FAMILIES, FIRST, LAST, PHONE_PREFIXES } from './demo-people.ts'
import { demoQuote, demoWalletPurchase } from './demo-purchase.ts'
import { lagosMidnight, passedOr, workingHoursOn } from './seed-time.ts'

// The demo business's company (docs/decisions/050): about 60 staff on two staff plans, dependants, some
// who left, some leaving or replaced at the end of this month, and two vehicles whose custodians are staff.

const STAFF_COUNT = 60
// Most staff on ZenCare Plus (half of them hired since it was bought), its managers on ZenCare Prime: plans of
// their own names beside the ZenCare and PrimeCare of demo-plans.ts and the FlexiCare of demo-history.ts. Each
// at the catalogue's rate, as a purchase sets it.
const STAFF_PLAN = PRODUCT_IDS.zencarePlus
const MANAGERS = PRODUCT_IDS.zencarePrime
/** The vehicles the business insures, by the register's row of the member of staff who drives each. */
const VEHICLES = [
	{
		index: 5,
		input: { product_id: PRODUCT_IDS.thirdParty, vehicle_class: 'private_car' },
		vehicle: { registration_number: 'AGL 542 KD', make_and_model: 'Toyota Hilux 2016', chassis_number: 'AHTFR22G706054254' },
	},
	{
		index: 9,
		// 5% of ₦3.7 million: ₦185,000, as the wallet held when it was bought.
		input: { product_id: PRODUCT_IDS.comprehensive, vehicle_class: 'private_car', vehicle_value: 3_700_000 },
		vehicle: { registration_number: 'LSR 907 FE', make_and_model: 'Toyota Corolla 2013', chassis_number: '2T1BU4EE5DC907907' },
	},
] as const
/**
 * The staff plan's people hired since it was bought, by the register's row: added one by one with the plan
 * chosen, from three weeks after it started to a few days ago, as the business grew into its 40 places.
 */
const HIRED = Array.from({ length: 20 }, (_, k) => 20 + k)
function hiredOn(today: string, k: number) {
	const first = addDays(addMonths(firstOfMonth(today), -3), 21)
	const span = (Date.parse(addDays(today, -4)) - Date.parse(first)) / 86_400_000
	return addDays(first, Math.floor((k * span) / (HIRED.length - 1)))
}

/** What the seed buys: a staff plan for a number of people, or a vehicle's cover driven by a member of staff. */
type Cover =
	| { kind: 'plan'; productId: HealthProductId; slots: number; dependantSlots: number }
	| {
			kind: 'policy'
			input: Record<string, unknown>
			activation: Record<string, string>
			custodianEmployeeId: string
			custodianActivatedAt: Date | null
	  }

/**
 * Cover bought the morning it started, three months ago, as a purchase makes it: priced by the quote, a plan
 * at the catalogue's rate and renewing, a vehicle's premium paid from the wallet through the ledger.
 */
async function buyCover(tx: Tx, owner: { id: string; customerId: string }, today: string, cover: Cover) {
	const start = addMonths(firstOfMonth(today), -3)
	const bought = new Date(`${start}T08:30:00Z`)
	const input =
		cover.kind === 'plan' ? { product_id: cover.productId, plan_type: 'standard', members: cover.slots, period: 'annual' } : cover.input
	const quote = demoQuote(input)
	const product = productById(quote.product_id as ProductId)
	const isPlan = cover.kind === 'plan'
	// A plan subscribed to; a vehicle's premium paid from the wallet through the ledger, dated when it was bought.
	const purchase = await demoWalletPurchase(
		tx,
		{
			customerId: owner.customerId,
			userId: owner.id,
			key: `demo-staff-${product.id}-${cover.kind}`,
			productId: product.id,
			input,
			quote,
			plan: isPlan,
		},
		bought,
	)
	const coverEnd = addDays(addMonths(start, 12), -1)
	const [policy] = await tx
		.insert(t.policies)
		.values({
			customerId: owner.customerId,
			purchaseId: purchase.id,
			kind: cover.kind,
			productId: product.id,
			policyNumber: await nextPolicyNumber(tx, product.category, start),
			status: 'active',
			premium: purchase.amount,
			period: quote.period,
			coverStart: start,
			coverEnd,
			// Activated as its cover started: billing counts its members from then (docs/decisions/095).
			activatedAt: new Date(`${start}T09:00:00Z`),
			createdAt: bought,
			...(cover.kind === 'plan'
				? {
						custodianUserId: owner.id,
						slots: cover.slots,
						dependantSlots: cover.dependantSlots,
						monthlyRate: HEALTH_MONTHLY_RATES[cover.productId],
						autoRenew: true,
						nextBillingDate: addDays(coverEnd, 1),
					}
				: {
						activation: cover.activation,
						custodianEmployeeId: cover.custodianEmployeeId,
						custodianActivatedAt: cover.custodianActivatedAt,
					}),
		})
		.returning()
	await recordActivity(tx, {
		customerId: owner.customerId,
		actorUserId: owner.id,
		...issuedActivity(product.name, policy!, quote.total),
		at: bought,
	})
	return policy!
}

/** A plan's first line, once its members are on it, worded as activating a plan by its sheet words it (services/batch.ts). */
async function planActivated(tx: Tx, owner: { id: string; customerId: string }, plan: typeof t.policies.$inferSelect, members: number) {
	await tx.insert(t.policyEvents).values({
		customerId: owner.customerId,
		policyId: plan.id,
		actorUserId: owner.id,
		kind: 'activated',
		effectiveOn: plan.coverStart,
		description: activatedWords(members),
		createdAt: new Date(`${plan.coverStart}T10:00:00Z`),
	})
}

/** Seed once: a business that already has staff is left as it is. */
export async function seedDemoStaff(db: Db, businessEmail: string, now = new Date()) {
	const [owner] = await db.select().from(t.users).where(sql`lower(${t.users.email}) = ${businessEmail}`)
	if (!owner) return
	// Seeded once: its first plan's purchase is the mark (the history's staff plan registers a dozen people of its own).
	const [existing] = await db
		.select({ id: t.purchases.id })
		.from(t.purchases)
		.where(and(eq(t.purchases.customerId, owner.customerId), eq(t.purchases.idempotencyKey, `demo-staff-${STAFF_PLAN}-plan`)))
		.limit(1)
	if (existing) return
	const today = lagosDate(now)
	const customerId = owner.customerId
	await db.transaction(async (tx) => {
		const staffPlan = await buyCover(tx, owner, today, { kind: 'plan', productId: STAFF_PLAN, slots: 40, dependantSlots: 12 })
		const managers = await buyCover(tx, owner, today, { kind: 'plan', productId: MANAGERS, slots: 20, dependantSlots: 4 })
		const people = Array.from({ length: STAFF_COUNT }, (_, i) => {
			const [first, gender] = FIRST[i % FIRST.length]!
			const last = LAST[(i * 8) % LAST.length]!
			return {
				customerId,
				firstName: first,
				lastName: last,
				email: demoEmail(first, last),
				// Seven digits a person apart, never the same: 4,391,887 shares no factor with 9,000,000.
				phone: `${PHONE_PREFIXES[i % PHONE_PREFIXES.length]}${1_000_000 + (((i + 1) * 4_391_887) % 9_000_000)}`,
				gender,
				dateOfBirth: `${1975 + (i % 25)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
				enrolledOn: HIRED.includes(i) ? hiredOn(today, i - HIRED[0]!) : addMonths(firstOfMonth(today), -3),
			}
		})
		const rows = await tx.insert(t.employees).values(people).returning()
		// Four left last month, three leave at the end of this one, two are being replaced by two who join on the 1st.
		const lastMonthEnd = addDays(firstOfMonth(today), -1)
		const leaving: Array<[number, string, 'removed' | 'deactivated' | 'replaced']> = [
			[50, lastMonthEnd, 'removed'],
			[51, lastMonthEnd, 'removed'],
			[52, lastMonthEnd, 'deactivated'],
			[53, lastMonthEnd, 'removed'],
			[54, endOfMonth(today), 'removed'],
			[55, endOfMonth(today), 'deactivated'],
			[56, endOfMonth(today), 'removed'],
			[57, endOfMonth(today), 'replaced'],
			[58, endOfMonth(today), 'replaced'],
		]
		// Asked in the month each is covered to: last month's on a day before its end, this month's in the last few
		// days (never before the 1st, nor after the seed), a few minutes apart.
		const askedAt = (leavesOn: string, k: number) =>
			leavesOn === lastMonthEnd
				? workingHoursOn(addDays(lastMonthEnd, -12), k * 7)
				: passedOr(
						workingHoursOn(addDays(today, -3) < firstOfMonth(today) ? firstOfMonth(today) : addDays(today, -3), k * 7),
						now,
						lagosMidnight(firstOfMonth(today)),
						0.2 + k * 0.05,
					)
		const joinerAsked = new Map<number, Date>()
		for (const [k, [index, leavesOn, leaveKind]] of leaving.entries()) {
			const row = rows[index]!
			const joiner = leaveKind === 'replaced' ? rows[index === 57 ? 48 : 49]! : null
			await tx
				.update(t.employees)
				.set({ leavesOn, leaveKind, replacedById: joiner?.id ?? null })
				.where(eq(t.employees.id, row.id))
			await tx.insert(t.staffEvents).values({
				customerId,
				employeeId: row.id,
				userId: owner.id,
				kind: leaveKind,
				description: leaveWords(
					leaveKind === 'replaced' ? { kind: leaveKind, joiner: joiner! } : { kind: leaveKind },
					owner.firstName,
					leavesOn,
				),
				effectiveOn: addDays(leavesOn, 1),
				createdAt: askedAt(leavesOn, k),
			})
			if (!joiner) continue
			joinerAsked.set(rows.indexOf(joiner), askedAt(leavesOn, k))
			// As a replacement adds its joiner (services/staff-leaving.ts): in the leaver's place from the 1st.
			await tx.insert(t.staffEvents).values({
				customerId,
				employeeId: joiner.id,
				userId: owner.id,
				kind: 'added',
				description: joinsWords(row, owner.firstName),
				effectiveOn: addDays(leavesOn, 1),
				createdAt: askedAt(leavesOn, k),
			})
		}
		// The two joiners start on the 1st of next month.
		for (const index of [48, 49])
			await tx
				.update(t.employees)
				.set({ enrolledOn: firstOfNextMonth(today) })
				.where(eq(t.employees.id, rows[index]!.id))
		const member = (e: (typeof rows)[number], planId: string) => ({
			customerId,
			policyId: planId,
			employeeId: e.id,
			firstName: e.firstName,
			lastName: e.lastName,
			email: e.email,
			phone: e.phone,
			gender: e.gender,
			dateOfBirth: e.dateOfBirth,
			status: 'active' as const,
			// On the plan from the morning it started, or the one they were hired on.
			enrolledAt: workingHoursOn(e.enrolledOn),
		})
		await tx.insert(t.staff).values(rows.slice(0, 40).map((e) => member(e, staffPlan.id)))
		await tx.insert(t.staff).values(rows.slice(40, 60).map((e) => member(e, managers.id)))
		// The two who join on the 1st are on the managers' sheet already, to start then: not among those activated.
		await planActivated(tx, owner, staffPlan, 40 - HIRED.length)
		await planActivated(tx, owner, managers, 18)
		// Enrolled when the plans were bought; a replacement's joiner as the replacement enrols them
		// (services/staff-leaving.ts): on the plan by name, which that plan's activity list shows (decision 171).
		for (const [index, e] of rows.slice(0, 60).entries()) {
			const hired = HIRED.includes(index) ? workingHoursOn(e.enrolledOn) : null
			if (hired)
				await tx.insert(t.staffEvents).values({
					customerId,
					employeeId: e.id,
					userId: owner.id,
					kind: 'added',
					description: addedWords(owner.firstName, e),
					effectiveOn: e.enrolledOn,
					createdAt: hired,
				})
			const asked = joinerAsked.get(index) ?? hired
			const plan = hired ? staffPlan : managers
			await tx.insert(t.staffEvents).values({
				customerId,
				employeeId: e.id,
				userId: owner.id,
				kind: 'enrolled',
				...(asked
					? {
							policyId: plan.id,
							description: enrolledWords(plan),
							createdAt: asked,
						}
					: { description: 'Enrolled on a staff plan', createdAt: new Date(`${e.enrolledOn}T09:00:00Z`) }),
				// The rows were read before the joiners' first day moved to the 1st.
				effectiveOn: joinerAsked.has(index) ? firstOfNextMonth(today) : e.enrolledOn,
			})
		}
		const family = [0, 3, 7, 12, 41].flatMap((index, k) => {
			const e = rows[index]!
			const { spouse, child } = FAMILIES[k]!
			const person = (
				[firstName, gender, dateOfBirth]: readonly [string, 'male' | 'female', string],
				relationship: 'spouse' | 'child',
			) => ({
				customerId,
				employeeId: e.id,
				firstName,
				lastName: e.lastName,
				relationship,
				dateOfBirth,
				gender,
			})
			return child ? [person(spouse, 'spouse'), person(child, 'child')] : [person(spouse, 'spouse')]
		})
		await tx.insert(t.dependants).values(family)
		// Two vehicles the business insures, each driven by a member of staff.
		for (const { index, input, vehicle } of VEHICLES) {
			const driver = rows[index]!
			const car = await buyCover(tx, owner, today, {
				kind: 'policy',
				input,
				activation: vehicle,
				custodianEmployeeId: driver.id,
				// The first driver's details were taken the morning the cover started; the second's are still to give.
				custodianActivatedAt: index === 5 ? new Date(`${addMonths(firstOfMonth(today), -3)}T10:00:00Z`) : null,
			})
			await tx.insert(t.staffEvents).values({
				customerId,
				policyId: car.id,
				employeeId: driver.id,
				userId: owner.id,
				kind: 'custodian_changed',
				description: `${driver.firstName} ${driver.lastName} named custodian`,
				effectiveOn: car.coverStart,
			})
		}
	})
}
