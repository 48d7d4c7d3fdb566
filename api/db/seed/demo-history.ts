import { eq } from 'drizzle-orm'
import { formatNairaFull } from '../../contract/money.ts'
import { periodMonths, type Period } from '../../contract/periods.ts'
import type { ProductId } from '../../contract/product-ids.ts'
import { productById } from '../../domain/catalogue/index.ts'
import { fundingTransfer } from '../../domain/ledger.ts'
import { addDays, addMonths, coverPeriod, lagosDate } from '../../domain/policies.ts'
import { HEALTH_MONTHLY_RATES } from '../../domain/pricing/health.ts'
import { activatedWords } from '../../domain/register-words.ts'
import { cardOf, PaystackAuthorization } from '../../payments/events.ts'
import { sandboxAuthorization } from '../../payments/sandbox.ts'
import type { Tx } from '../client.ts'
import * as t from '../schema.ts'
import { demoEmail } from './demo-people.ts'
import { recordActivity } from '../../services/accounts.ts'
import { issuedActivity, nextPolicyNumber } from '../../services/purchases.ts'
import { postTransferAt } from './ledger-time.ts'
import { workingHoursOn } from './seed-time.ts'
import { enrolDemoMembers } from './plan-members.ts'
import { demoQuote, demoWalletPurchase } from './demo-purchase.ts'

// A year of believable history for the demo accounts, so home, My cover, the wallet and the
// transactions have something to show (docs/decisions/047-home-dashboard.md). It is written the way
// the services write it: fundings credit the wallet and premiums leave it through the ledger, each
// paid purchase has its policy, and reconcile finds nothing to report. Purchases, payments and their
// transfers carry the day they happened (docs/decisions/158-demo-history-in-time.md).

type Activation = Record<string, string>
type Event =
	| { day: string; fund: number }
	| { day: string; buy: Record<string, unknown>; activation?: Activation }
	| { day: string; plan: { productId: ProductId; members: number; period: Period } }

const motor = (registration_number: string, make_and_model: string, chassis_number: string) => ({
	registration_number,
	make_and_model,
	chassis_number,
})
const device = (brand_and_model: string, serial_number: string) => ({ brand_and_model, serial_number })

const STAFF = [
	['Chinedu', 'Okeke', 'male', '1988-04-12'],
	['Aisha', 'Bello', 'female', '1992-09-30'],
	['Emeka', 'Nwosu', 'male', '1985-01-22'],
	['Funmilayo', 'Adeyemi', 'female', '1990-06-05'],
	['Ibrahim', 'Musa', 'male', '1994-11-17'],
	['Ngozi', 'Eze', 'female', '1987-03-08'],
	['Segun', 'Ogunleye', 'male', '1983-07-19'],
	['Halima', 'Sani', 'female', '1996-02-14'],
	['Kelechi', 'Obi', 'male', '1991-12-01'],
	['Yetunde', 'Alabi', 'female', '1989-08-26'],
	['Uche', 'Onyema', 'male', '1993-05-09'],
	['Blessing', 'Etim', 'female', '1995-10-21'],
] as const

/** The business: a logistics company with a truck on monthly cover, vans, cars, devices and a staff plan. */
function businessEvents(today: string): Event[] {
	const daysAgo = (n: number) => addDays(today, -n)
	const truck = motor('KJA 482 XY', 'MAN Diesel TGS 26.440', 'WMA06XZZ7LM100482')
	return [
		{ day: daysAgo(362), fund: 1_000_000 },
		{
			day: daysAgo(352),
			buy: { product_id: 1, vehicle_class: 'own_goods' },
			activation: motor('LND 215 AB', 'Toyota Hiace', 'JTFSS22P300215215'),
		},
		{
			day: daysAgo(352),
			buy: { product_id: 1, vehicle_class: 'own_goods' },
			activation: motor('LND 216 AB', 'Toyota Hiace', 'JTFSS22P300216216'),
		},
		{
			day: daysAgo(341),
			buy: { product_id: 2, vehicle_class: 'private_car', vehicle_value: 9_500_000 },
			activation: motor('EKY 771 KT', 'Toyota Camry 2021', '4T1B11HK5MU771771'),
		},
		{ day: daysAgo(331), plan: { productId: 31, members: STAFF.length, period: 'annual' } },
		{
			day: daysAgo(300),
			buy: { product_id: 30, device_value: 850_000, period: 'annual' },
			activation: device('HP EliteBook 840 G8', '5CG1300ZXK'),
		},
		{ day: daysAgo(250), fund: 800_000 },
		{
			day: daysAgo(212),
			buy: { product_id: 5, gadget_type: 'phone', device_value: 250_000, period: 'annual' },
			activation: device('Samsung Galaxy A54', '356789104522101'),
		},
		{
			day: daysAgo(212),
			buy: { product_id: 5, gadget_type: 'phone', device_value: 250_000, period: 'annual' },
			activation: device('Samsung Galaxy A54', '356789104522119'),
		},
		{
			day: daysAgo(160),
			buy: { product_id: 1, vehicle_class: 'staff_bus' },
			activation: motor('KSF 903 CD', 'Toyota Coaster', 'JTGFB518101903903'),
		},
		{ day: daysAgo(130), fund: 700_000 },
		{
			day: daysAgo(118),
			buy: { product_id: 6, destination_zone: 'europe', days: 10, age: 46 },
			activation: { passport_number: 'A09231876', departure_date: daysAgo(118), emergency_contact_phone: '08031234567' },
		},
		{ day: daysAgo(75), buy: { product_id: 41, package_class: 'parcel', shipments_per_month: 400, period: 'quarterly' } },
		{
			day: daysAgo(44),
			buy: { product_id: 2, vehicle_class: 'private_car', vehicle_value: 7_200_000 },
			activation: motor('APP 118 GL', 'Honda Accord 2019', '1HGCV1F34KA118118'),
		},
		{ day: daysAgo(40), fund: 500_000 },
		// The laptop bought this week still waits for its details: home's todo says so.
		{ day: daysAgo(Math.min(6, Number(today.slice(8, 10)) - 1)), buy: { product_id: 30, device_value: 1_200_000, period: 'annual' } },
		// The truck's cover is bought month by month, each month starting where the last one ended.
		...Array.from({ length: 12 }, (_, k) => ({
			day: addMonths(today, -k),
			buy: { product_id: 14, vehicle_value: 18_000_000 },
			activation: truck,
		})),
	]
}

/** The individual: a phone, a car whose cover ends soon, and a trip waiting for its details. */
function individualEvents(today: string): Event[] {
	const daysAgo = (n: number) => addDays(today, -n)
	return [
		{ day: daysAgo(352), fund: 150_000 },
		{
			day: daysAgo(352),
			buy: { product_id: 1, vehicle_class: 'private_car' },
			activation: motor('KTU 552 AA', 'Toyota Corolla 2015', '2T1BURHE0FC552552'),
		},
		{
			day: daysAgo(215),
			buy: { product_id: 5, gadget_type: 'phone', device_value: 380_000, period: 'annual' },
			activation: device('iPhone 13', '353912110445218'),
		},
		{ day: daysAgo(2), buy: { product_id: 29, destination_zone: 'africa', days: 14, age: 34 } },
	]
}

/** The moment of an event: in working hours on its day, a day's events in their order; never later than now. */
function momentOf(day: string, index: number, now: Date) {
	const at = workingHoursOn(day, index)
	return at < now ? at : new Date(now.getTime() - 60_000)
}

/** Write the demo account's history inside the transaction that made it. */
export async function seedDemoHistory(
	tx: Tx,
	account: { kind: 'business' | 'individual'; customerId: string; userId: string },
	now = new Date(),
) {
	const today = lagosDate(now)
	const events = (account.kind === 'business' ? businessEvents(today) : individualEvents(today)).sort((a, b) => a.day.localeCompare(b.day))
	const owner = { customerId: account.customerId, userId: account.userId }
	for (const [index, event] of events.entries()) {
		const at = momentOf(event.day, index, now)
		const key = `demo-${index}`
		if ('fund' in event) {
			const reference = `demo_fund_${account.customerId.slice(0, 8)}_${index}`
			const transfer = await postTransferAt(tx, fundingTransfer({ customerId: account.customerId, amount: event.fund, reference }), at)
			await tx.insert(t.payments).values({
				...owner,
				idempotencyKey: key,
				reference,
				amount: event.fund,
				status: 'success',
				gateway: 'sandbox',
				authorizationUrl: `demo:${reference}`,
				transferId: transfer.id,
				paidAt: at,
				purpose: 'funding',
				createdAt: at,
				updatedAt: at,
			})
			await tx.insert(t.activities).values({
				customerId: account.customerId,
				actorUserId: account.userId,
				type: 'wallet.funded',
				description: `Wallet funded with ${formatNairaFull(event.fund)}`,
				createdAt: at,
			})
			continue
		}
		const isPlan = 'plan' in event
		const input = isPlan
			? { product_id: event.plan.productId, plan_type: 'standard', members: event.plan.members, period: event.plan.period }
			: event.buy
		const quote = demoQuote(input)
		const product = productById(quote.product_id as ProductId)
		const purchase = await demoWalletPurchase(tx, { ...owner, key, productId: product.id, input, quote, plan: isPlan }, at)
		const days = (input as { days?: number }).days
		const cover =
			quote.period === null
				? coverPeriod(event.day, { days: Number(days) })
				: coverPeriod(event.day, { months: periodMonths(quote.period) })
		const activation = isPlan ? null : (event.activation ?? null)
		const active = isPlan || activation !== null || !product.activation
		const [policy] = await tx
			.insert(t.policies)
			.values({
				customerId: account.customerId,
				purchaseId: purchase.id,
				kind: isPlan ? 'plan' : 'policy',
				productId: product.id,
				policyNumber: await nextPolicyNumber(tx, product.category, event.day),
				status: active ? 'active' : 'pending',
				custodianUserId: account.userId,
				premium: purchase.amount,
				period: quote.period,
				coverStart: cover.start,
				coverEnd: cover.end,
				...(isPlan
					? {
							slots: event.plan.members,
							monthlyRate: HEALTH_MONTHLY_RATES[event.plan.productId as keyof typeof HEALTH_MONTHLY_RATES],
							autoRenew: true,
							nextBillingDate: addDays(cover.end, 1),
						}
					: {}),
				activation,
				activatedAt: active ? at : null,
				createdAt: at,
			})
			.returning()
		if (isPlan) {
			// The plan's people are in the staff register too, as an upload puts them (services/batch.ts).
			const people = STAFF.map(([firstName, lastName, gender, dateOfBirth], i) => ({
				first_name: firstName,
				last_name: lastName,
				email: demoEmail(firstName, lastName),
				// A number each, as the staff list asks of people it takes (services/staff-import.ts).
				phone: `0805${String(3_104_200 + i * 11)}`,
				gender,
				date_of_birth: dateOfBirth,
			}))
			await enrolDemoMembers(tx, account.customerId, people, () => policy!.id, event.day, at)
			// The plan's activity list starts as activating a plan by its sheet starts it (services/batch.ts).
			await tx.insert(t.policyEvents).values({
				customerId: account.customerId,
				policyId: policy!.id,
				actorUserId: account.userId,
				kind: 'activated',
				effectiveOn: cover.start,
				description: activatedWords(people.length),
				createdAt: at,
			})
		}
		await recordActivity(tx, {
			customerId: account.customerId,
			actorUserId: account.userId,
			...issuedActivity(product.name, policy!, quote.total),
			at,
		})
	}
	// The card the first funding was paid with, saved as a real payment saves it: renewals and invoices
	// may charge it (decision 101), and /manage-card has one to show.
	const [user] = await tx.select({ email: t.users.email }).from(t.users).where(eq(t.users.id, account.userId))
	const card = cardOf(PaystackAuthorization.parse(sandboxAuthorization(user!.email)))!
	await tx
		.insert(t.cards)
		.values({
			customerId: account.customerId,
			authorizationCode: card.authorizationCode,
			signature: card.signature,
			brand: card.brand,
			last4: card.last4,
			expMonth: card.expMonth,
			expYear: card.expYear,
			bank: card.bank,
			email: user!.email,
			isDefault: true,
			createdAt: momentOf(events[0]?.day ?? today, 0, now),
		})
		.onConflictDoNothing()
}
