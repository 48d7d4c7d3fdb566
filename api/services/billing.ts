import { type SQL, and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import type {
	CreditNoteBody,
	DeskInvoiceDetail,
	DeskInvoicesQuery,
	InvoiceDetail,
	InvoiceStatus,
	InvoicesQuery,
	Invoice as InvoiceView,
} from '../contract/invoices.ts'
import { formatNairaFull } from '../contract/money.ts'
import type { HealthProductId } from '../contract/product-ids.ts'
import { type Db, lockKey, type Tx } from '../db/client.ts'
import {
	customers,
	dependants,
	employees,
	invoiceCounters,
	invoiceLines,
	invoicePayments,
	invoices,
	payments,
	policies,
	policyEvents,
	staff,
	users,
} from '../db/schema.ts'
import {
	type BilledDependant,
	type BilledMember,
	type InvoiceLine,
	billedFrom,
	billingPeriod,
	dueOn,
	invoiceLines as linesFor,
	invoiceMove,
	invoiceNumber,
	pausesOn,
	payRefusal,
	periodBilledOn,
	retryDue,
	totalOf,
} from '../domain/billing.ts'
import { type Product, productById } from '../domain/catalogue/index.ts'
import { gatewayPremiumTransfer, premiumRefundTransfer, premiumTransfer } from '../domain/ledger.ts'
import { addDays, addMonths, lagosDate } from '../domain/policies.ts'
import { HEALTH_MONTHLY_RATES } from '../domain/pricing/health.ts'
import type { Deps } from '../deps.ts'
import { ApiError, notFound } from '../errors.ts'
import type { AuthUser } from '../http.ts'
import { recordActivity } from './accounts.ts'
import { isOverdraft, postTransfer, walletBalance } from './ledger.ts'
import { mailCreditNote, mailInvoice } from './billing-mail.tsx'
import { newReference } from './payments.ts'
import { chargeSavedCard } from './saved-cards.ts'

// Billing of staff plans (docs/decisions/095-billing-of-staff-plans.md): the monthly run that issues
// invoices, collecting them from the wallet or the gateway, and the pause of a plan left unpaid.

type InvoiceRow = typeof invoices.$inferSelect
type PolicyRow = typeof policies.$inferSelect

/** How far back a run fills months it has not billed (a plan bought, or the job down, earlier). */
const CATCH_UP_MONTHS = 12
const max = (...days: (string | null | undefined)[]) =>
	days
		.filter((d): d is string => Boolean(d))
		.sort()
		.at(-1)!
const min = (...days: (string | null | undefined)[]) => days.filter((d): d is string => Boolean(d)).sort()[0] ?? null

/** The plan's rate per person for the month: its own, or a plan change in force by the month's 1st (decision 079). */
async function rateFor(db: Db | Tx, plan: PolicyRow, monthStart: string) {
	const [change] = await db
		.select({ detail: policyEvents.detail })
		.from(policyEvents)
		.where(
			and(
				eq(policyEvents.policyId, plan.id),
				eq(policyEvents.kind, 'plan_change'),
				isNull(policyEvents.cancelledAt),
				sql`${policyEvents.effectiveOn} <= ${monthStart}`,
			),
		)
		.orderBy(desc(policyEvents.effectiveOn), desc(policyEvents.createdAt))
		.limit(1)
	const productId = change?.detail?.product_id
	return (productId ? HEALTH_MONTHLY_RATES[Number(productId) as HealthProductId] : undefined) ?? plan.monthlyRate ?? 0
}

/** The plan's own days of cover: from its activation (or start) to its end, or the day before it was ended. */
async function planWindow(db: Db | Tx, plan: PolicyRow) {
	const [ended] = await db
		.select({ on: sql<string>`min(${policyEvents.effectiveOn})` })
		.from(policyEvents)
		.where(
			and(eq(policyEvents.policyId, plan.id), inArray(policyEvents.kind, ['terminate', 'deactivate']), isNull(policyEvents.cancelledAt)),
		)
	const start = max(plan.coverStart, plan.activatedAt ? lagosDate(plan.activatedAt) : null)
	const end = min(plan.coverEnd, ended?.on ? addDays(String(ended.on).slice(0, 10), -1) : null)!
	return { start, end }
}

/**
 * Everyone the plan bills, as days on it: its own staff (from their enrolment to when they leave the
 * register or the plan, or are removed or moved away), members moved in (from their move), and the
 * dependants of members whose first staff plan with dependant slots this is.
 */
export async function billedPeople(db: Db | Tx, plan: PolicyRow) {
	const window = await planWindow(db, plan)
	const moves = await db
		.select({ staffId: policyEvents.staffId, effectiveOn: policyEvents.effectiveOn })
		.from(policyEvents)
		.where(and(eq(policyEvents.toPolicyId, plan.id), eq(policyEvents.kind, 'member_migration'), isNull(policyEvents.cancelledAt)))
	const movedIn = new Map(moves.filter((m) => m.staffId).map((m) => [m.staffId!, m.effectiveOn]))
	const rows = await db
		.select({ staff, employee: employees })
		.from(staff)
		.leftJoin(employees, eq(employees.id, staff.employeeId))
		.where(
			and(
				eq(staff.customerId, plan.customerId),
				movedIn.size ? sql`(${staff.policyId} = ${plan.id} or ${inArray(staff.id, [...movedIn.keys()])})` : eq(staff.policyId, plan.id),
			),
		)
	const ids = rows.map((r) => r.staff.id)
	const leaving = ids.length
		? await db
				.select({ staffId: policyEvents.staffId, effectiveOn: policyEvents.effectiveOn })
				.from(policyEvents)
				.where(
					and(
						eq(policyEvents.policyId, plan.id),
						inArray(policyEvents.staffId, ids),
						inArray(policyEvents.kind, ['member_removal', 'member_migration']),
						isNull(policyEvents.cancelledAt),
					),
				)
		: []
	const members: (BilledMember & { employeeId: string | null })[] = []
	for (const { staff: row, employee } of rows) {
		const inFrom = movedIn.get(row.id)
		const first = max(window.start, inFrom ?? null, employee?.enrolledOn)
		const gone = leaving.filter((e) => e.staffId === row.id).map((e) => addDays(e.effectiveOn, -1))
		const last = min(window.end, row.policyId === plan.id ? row.endsOn : null, employee?.leavesOn, ...gone)
		if (last !== null && last < first) continue
		members.push({ id: row.id, name: `${row.firstName} ${row.lastName}`, firstDay: first, lastDay: last, employeeId: row.employeeId })
	}
	const principals = members.filter((m) => m.employeeId)
	const family: BilledDependant[] = []
	if (plan.dependantSlots > 0 && principals.length) {
		const rows = await db
			.select({ dependant: dependants })
			.from(dependants)
			.where(
				and(
					inArray(
						dependants.employeeId,
						principals.map((p) => p.employeeId!),
					),
					// Billed on one plan: the principal's first staff plan that has dependant slots.
					sql`${plan.id} = (select p.id from ${staff} s join ${policies} p on p.id = s.policy_id
						where s.employee_id = ${dependants.employeeId} and p.dependant_slots > 0 order by p.created_at, p.id limit 1)`,
				),
			)
		for (const { dependant } of rows) {
			const principal = principals.find((p) => p.employeeId === dependant.employeeId)!
			family.push({
				id: dependant.id,
				name: `${dependant.firstName} ${dependant.lastName}`,
				principal: principal.name,
				firstDay: max(principal.firstDay, lagosDate(dependant.createdAt)),
				lastDay: principal.lastDay,
			})
		}
	}
	return { window, members, dependants: family }
}

/** The lines a plan owes for the month starting `monthStart`, from the facts as they are now. */
export async function linesForMonth(db: Db | Tx, plan: PolicyRow, monthStart: string): Promise<InvoiceLine[]> {
	const people = await billedPeople(db, plan)
	if (people.window.start > billingPeriod(monthStart).end || people.window.end < monthStart) return []
	return linesFor({ monthStart, rate: await rateFor(db, plan, monthStart), members: people.members, dependants: people.dependants })
}

/** The next number of a business's invoices or credit notes, taken in the caller's transaction: no gaps. */
async function nextNumber(tx: Tx, customerId: string, kind: 'invoice' | 'credit_note') {
	await tx.insert(invoiceCounters).values({ customerId, kind, last: 0 }).onConflictDoNothing()
	const [row] = await tx
		.update(invoiceCounters)
		.set({ last: sql`${invoiceCounters.last} + 1` })
		.where(and(eq(invoiceCounters.customerId, customerId), eq(invoiceCounters.kind, kind)))
		.returning({ last: invoiceCounters.last })
	return invoiceNumber(kind, row!.last)
}

/** Write a draft with its lines, then issue it (a number, open, due in 7 days); the billing run, credit notes and the demo seed use it. */
export async function issue(
	tx: Tx,
	input: { plan: PolicyRow; kind: 'invoice' | 'credit_note'; monthStart: string; lines: InvoiceLine[]; today: string; adjustsId?: string },
) {
	const period = billingPeriod(input.monthStart)
	const [draft] = await tx
		.insert(invoices)
		.values({
			customerId: input.plan.customerId,
			policyId: input.plan.id,
			kind: input.kind,
			status: 'draft',
			periodStart: period.start,
			periodEnd: period.end,
			total: totalOf(input.lines),
			adjustsId: input.adjustsId ?? null,
		})
		.onConflictDoNothing()
		.returning()
	// Another run billed this plan and month first.
	if (!draft) return null
	await tx.insert(invoiceLines).values(
		input.lines.map((l, position) => ({
			invoiceId: draft.id,
			position,
			kind: l.kind,
			subjectId: l.subjectId,
			description: l.description,
			quantity: l.quantity,
			unitAmount: l.unitAmount,
			amount: l.amount,
		})),
	)
	const [issued] = await tx
		.update(invoices)
		.set({
			number: await nextNumber(tx, input.plan.customerId, input.kind),
			status: invoiceMove('draft', 'issue')!,
			issuedOn: input.today,
			dueOn: input.kind === 'invoice' ? dueOn(input.today) : input.today,
		})
		.where(eq(invoices.id, draft.id))
		.returning()
	return issued!
}

/**
 * The billing run: every staff plan is invoiced for each month it was covered in and not yet billed,
 * up to last month. Idempotent: the (plan, month) index lets one invoice in, however many processes run.
 * Each new invoice is paid from the wallet at once when the wallet covers it, and mailed.
 */
export async function runBilling(deps: Deps) {
	const today = lagosDate(deps.now())
	const last = periodBilledOn(today)
	const plans = await deps.db
		.select()
		.from(policies)
		.where(and(eq(policies.kind, 'plan'), eq(policies.status, 'active'), sql`${policies.coverStart} <= ${last.end}`))
		.orderBy(asc(policies.createdAt), asc(policies.id))
	let issued = 0
	let paid = 0
	for (const plan of plans) {
		const billed = new Set(
			(
				await deps.db
					.select({ start: invoices.periodStart })
					.from(invoices)
					.where(and(eq(invoices.policyId, plan.id), isNull(invoices.adjustsId)))
			).map((r) => r.start),
		)
		const window = await planWindow(deps.db, plan)
		// From the plan's first whole month: the month it started in mid-way bills nobody.
		let month = max(billedFrom(window.start), addMonths(last.start, -(CATCH_UP_MONTHS - 1)))
		for (; month <= last.start && month <= window.end; month = addMonths(month, 1)) {
			if (billed.has(month)) continue
			const invoice = await deps.db.transaction(async (tx) => {
				// Two runs at once: the second waits here and then finds the month billed.
				await lockKey(tx, 'billing', `${plan.id}:${month}`)
				const lines = await linesForMonth(tx, plan, month)
				if (!lines.length) return null
				return issue(tx, { plan, kind: 'invoice', monthStart: month, lines, today })
			})
			if (!invoice) continue
			issued++
			const outcome = await payFromWallet(deps, invoice.id, { quiet: true })
			if (outcome.paid) paid++
			await mailInvoice(deps, invoice.id, outcome.paid ? 'paid' : 'issued')
		}
	}
	return { issued, paid }
}

/** What was paid against an invoice so far. */
async function paidOn(db: Db | Tx, invoiceId: string) {
	const [row] = await db
		.select({ paid: sql<number>`coalesce(sum(${invoicePayments.amount}), 0)::int` })
		.from(invoicePayments)
		.where(eq(invoicePayments.invoiceId, invoiceId))
	return Number(row?.paid ?? 0)
}

/**
 * Record money received for an invoice inside the caller's transaction: the payment row, paid when it
 * covers the balance, and the plan resumed when this invoice had paused it and no other still does.
 */
async function settle(
	tx: Tx,
	invoice: InvoiceRow,
	payment: { method: 'wallet' | 'gateway' | 'card'; reference: string; amount: number; transferId: string },
	now: Date,
) {
	await tx
		.insert(invoicePayments)
		.values({ invoiceId: invoice.id, ...payment, paidAt: now })
		.onConflictDoNothing()
	const paid = await paidOn(tx, invoice.id)
	if (paid < invoice.total) return false
	const to = invoiceMove(invoice.status, 'pay')
	if (!to) return false
	await tx.update(invoices).set({ status: to, paidAt: now }).where(eq(invoices.id, invoice.id))
	const today = lagosDate(now)
	if (invoice.pausedOn) {
		const [stillPausing] = await tx
			.select({ id: invoices.id })
			.from(invoices)
			.where(
				and(
					eq(invoices.policyId, invoice.policyId),
					ne(invoices.id, invoice.id),
					sql`${invoices.pausedOn} is not null`,
					inArray(invoices.status, ['open', 'overdue']),
				),
			)
		if (!stillPausing) {
			await tx.insert(policyEvents).values({
				customerId: invoice.customerId,
				policyId: invoice.policyId,
				kind: 'resume',
				effectiveOn: today,
				detail: { invoice_id: invoice.id },
				description: `Resumed: invoice ${invoice.number} was paid`,
			})
		}
	}
	await recordActivity(tx, {
		customerId: invoice.customerId,
		actorUserId: null,
		type: 'invoice.paid',
		description: `Invoice ${invoice.number} (${formatNairaFull(invoice.total)}) paid ${payment.method === 'wallet' ? 'from the wallet' : 'by card'}`,
	})
	return true
}

/**
 * Pay an invoice's balance from the wallet, in one transaction through the ledger; the transfer's key
 * (premium:invoice_<id>) makes it happen once. Answers whether it is paid; `short` when the wallet
 * holds less than the balance (nothing moved).
 */
export async function payFromWallet(deps: Deps, invoiceId: string, options: { quiet?: boolean } = {}) {
	let changed = false
	let result: { paid: boolean; short: boolean } = { paid: false, short: false }
	try {
		result = await deps.db.transaction(async (tx) => {
			const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update')
			if (invoice?.kind !== 'invoice') return { paid: false, short: false }
			if (invoice.status === 'paid') return { paid: true, short: false }
			if (!invoiceMove(invoice.status, 'pay')) return { paid: false, short: false }
			const balance = invoice.total - (await paidOn(tx, invoice.id))
			if (balance <= 0) return { paid: await settleZero(tx, invoice, deps.now()), short: false }
			if ((await walletBalance(tx, invoice.customerId)) < balance) return { paid: false, short: true }
			const reference = `invoice_${invoice.id}`
			const transfer = await postTransfer(tx, {
				...premiumTransfer({ customerId: invoice.customerId, amount: balance, reference }),
				description: `Invoice ${invoice.number}: ${formatNairaFull(balance)} paid from the wallet`,
			})
			changed = await settle(tx, invoice, { method: 'wallet', reference, amount: balance, transferId: transfer.id }, deps.now())
			return { paid: changed, short: false }
		})
	} catch (error) {
		// Another payment took the wallet below the balance between the check and the transfer.
		if (!isOverdraft(error)) throw error
		result = { paid: false, short: true }
	}
	if (changed && !options.quiet) await mailInvoice(deps, invoiceId, 'paid')
	return result
}

/** An invoice of ₦0 left to pay (fully paid by an earlier part): paid. */
async function settleZero(tx: Tx, invoice: InvoiceRow, now: Date) {
	const to = invoiceMove(invoice.status, 'pay')
	if (!to) return false
	await tx.update(invoices).set({ status: to, paidAt: now }).where(eq(invoices.id, invoice.id))
	return true
}

/** The gateway collected an invoice's payment: premium income from gateway clearing, and the invoice settled. */
export async function payInvoiceFromGateway(tx: Tx, payment: typeof payments.$inferSelect, now: Date) {
	const transfer = await postTransfer(
		tx,
		gatewayPremiumTransfer({ customerId: payment.customerId, amount: payment.amount, reference: payment.reference }),
	)
	const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, payment.invoiceId!)).for('update')
	if (invoice)
		await settle(tx, invoice, { method: 'gateway', reference: payment.reference, amount: payment.amount, transferId: transfer.id }, now)
	return transfer
}

/** A business's own invoice, or 404. */
async function ownInvoice(db: Db | Tx, customerId: string, id: string) {
	const [row] = await db
		.select()
		.from(invoices)
		.where(and(eq(invoices.customerId, customerId), eq(invoices.id, id)))
	if (!row) throw notFound('invoice')
	return row
}

/**
 * Pay an invoice now: from the wallet (409 with the shortfall when it holds too little), or by the
 * gateway's checkout, whose callback and webhook settle it as they settle a purchase.
 */
export async function payInvoice(deps: Deps, auth: AuthUser, id: string, method: 'wallet' | 'gateway') {
	const invoice = await ownInvoice(deps.db, auth.customerId, id)
	const balance = invoice.total - (await paidOn(deps.db, invoice.id))
	const refusal = payRefusal({ kind: invoice.kind, status: invoice.status, balance })
	if (refusal) throw new ApiError(409, refusal)
	if (method === 'wallet') {
		const outcome = await payFromWallet(deps, invoice.id)
		if (outcome.short) {
			const wallet = await walletBalance(deps.db, auth.customerId)
			throw new ApiError(
				409,
				`Your wallet holds ${formatNairaFull(wallet)}, less than the ${formatNairaFull(balance)} to pay. Fund the wallet or pay by card.`,
			)
		}
		return { status: 'paid' as const, authorization_url: null, reference: `invoice_${invoice.id}` }
	}
	// Paying by card on the invoice's page goes to the gateway's checkout, where the payer may use any
	// card; the collection job is what charges the saved card without the payer (collectInvoices).
	const reference = newReference('inv')
	const { authorizationUrl } = await deps.payments.initialize({
		amount: balance,
		email: auth.email,
		reference,
		callbackUrl: `${deps.env.publicUrl}/invoice/callback`,
	})
	await deps.db.insert(payments).values({
		customerId: auth.customerId,
		userId: auth.id,
		idempotencyKey: reference,
		reference,
		amount: balance,
		gateway: deps.payments.name,
		authorizationUrl,
		purpose: 'invoice',
		invoiceId: invoice.id,
		createdAt: deps.now(),
		updatedAt: deps.now(),
	})
	return { status: 'checkout' as const, authorization_url: authorizationUrl, reference }
}

/**
 * A credit note for money billed that was not owed: numbered in its own gapless sequence, and its
 * amount returned to the wallet through the ledger, once (the transfer's key is the credit note's).
 */
export async function issueCreditNote(
	deps: Deps,
	invoiceId: string,
	input: { amount: number; reason: string },
	audit?: (tx: Tx, note: InvoiceRow) => Promise<void>,
) {
	const note = await deps.db.transaction(async (tx) => {
		const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update')
		if (invoice?.kind !== 'invoice') throw notFound('invoice')
		const [plan] = await tx.select().from(policies).where(eq(policies.id, invoice.policyId))
		if (invoice.status === 'open' || invoice.status === 'overdue') {
			throw new ApiError(409, `Invoice ${invoice.number} is not paid yet: a credit note returns money paid, so credit it once it is paid.`)
		}
		const creditable = await creditableOn(tx, invoice)
		if (input.amount <= 0 || input.amount > creditable) {
			throw new ApiError(
				409,
				`A credit note can return at most ${formatNairaFull(creditable)} on ${invoice.number}: what was paid on it less what was already credited.`,
			)
		}
		const line: InvoiceLine = {
			kind: 'member',
			subjectId: invoice.id,
			description: `${input.reason} (credit on ${invoice.number})`,
			quantity: 1,
			unitAmount: input.amount,
			amount: input.amount,
		}
		const note = await issue(tx, {
			plan: plan!,
			kind: 'credit_note',
			monthStart: invoice.periodStart,
			lines: [line],
			today: lagosDate(deps.now()),
			adjustsId: invoice.id,
		})
		await tx.update(invoiceLines).set({ kind: 'adjustment', subjectId: null }).where(eq(invoiceLines.invoiceId, note!.id))
		const transfer = await postTransfer(
			tx,
			premiumRefundTransfer({ creditNoteId: note!.id, customerId: invoice.customerId, amount: input.amount, reference: note!.number! }),
		)
		await tx.update(invoices).set({ status: 'paid', paidAt: deps.now() }).where(eq(invoices.id, note!.id))
		await tx.insert(invoicePayments).values({
			invoiceId: note!.id,
			method: 'wallet',
			reference: note!.number!,
			amount: input.amount,
			transferId: transfer.id,
			paidAt: deps.now(),
		})
		await audit?.(tx, note!)
		return note!
	})
	return note
}

/**
 * The collection job: invoices past due become overdue (one mail), the wallet is tried again on days
 * 1, 3 and 7 past due, and a plan whose invoice is unpaid 14 days past due is paused (a policy event,
 * so `is_paused` reads it) until it is paid.
 */
export async function collectInvoices(deps: Deps) {
	const today = lagosDate(deps.now())
	const due = await deps.db
		.select()
		.from(invoices)
		.where(and(eq(invoices.kind, 'invoice'), inArray(invoices.status, ['open', 'overdue']), sql`${invoices.dueOn} < ${today}`))
		.orderBy(asc(invoices.dueOn), asc(invoices.id))
	const counts = { overdue: 0, retried: 0, paid: 0, paused: 0 }
	for (const invoice of due) {
		const dueDay = invoice.dueOn!
		if (retryDue(dueDay, today, invoice.retries)) {
			const [claimed] = await deps.db
				.update(invoices)
				.set({ retries: sql`${invoices.retries} + 1`, lastAttemptOn: today })
				.where(and(eq(invoices.id, invoice.id), eq(invoices.retries, invoice.retries)))
				.returning({ id: invoices.id })
			if (claimed) {
				counts.retried++
				let outcome = await payFromWallet(deps, invoice.id)
				// The wallet short: the default saved card is charged what it lacks, into the wallet, and the
				// wallet pays (docs/decisions/101-charging-saved-cards.md). One reference per attempt.
				let cardError: string | null = null
				if (outcome.short) {
					const due = invoice.total - (await paidOn(deps.db, invoice.id))
					const shortfall = due - (await walletBalance(deps.db, invoice.customerId))
					if (shortfall > 0) {
						const charge = await chargeSavedCard(deps, {
							customerId: invoice.customerId,
							amount: shortfall,
							reference: `inv_${invoice.id}_${invoice.retries + 1}`,
							purpose: `Invoice ${invoice.number}`,
							retryUrl: `${deps.env.publicUrl}/invoice/${invoice.id}`,
						})
						if (charge.status === 'success') outcome = await payFromWallet(deps, invoice.id)
						else if (charge.status === 'failed') cardError = charge.message
					}
				}
				if (outcome.paid) {
					counts.paid++
					continue
				}
				await deps.db
					.update(invoices)
					.set({
						lastAttemptError: cardError
							? `The wallet held less than the amount due, and the saved card was declined: ${cardError}`
							: 'The wallet held less than the amount due.',
					})
					.where(eq(invoices.id, invoice.id))
			}
		}
		const [marked] = await deps.db
			.update(invoices)
			.set({ status: 'overdue', remindedOn: today })
			.where(and(eq(invoices.id, invoice.id), eq(invoices.status, 'open')))
			.returning({ id: invoices.id })
		if (marked) {
			counts.overdue++
			await mailInvoice(deps, invoice.id, 'overdue')
		}
		if (pausesOn(dueDay) <= today && !invoice.pausedOn) {
			const paused = await deps.db.transaction(async (tx) => {
				const [row] = await tx
					.update(invoices)
					.set({ pausedOn: today })
					.where(and(eq(invoices.id, invoice.id), isNull(invoices.pausedOn), inArray(invoices.status, ['open', 'overdue'])))
					.returning()
				if (!row) return false
				await tx.insert(policyEvents).values({
					customerId: invoice.customerId,
					policyId: invoice.policyId,
					kind: 'pause',
					effectiveOn: today,
					detail: { invoice_id: invoice.id },
					description: `Paused: invoice ${invoice.number} is unpaid ${14} days after its due date`,
				})
				await recordActivity(tx, {
					customerId: invoice.customerId,
					actorUserId: null,
					type: 'plan.paused',
					description: `Plan paused: invoice ${invoice.number} (${formatNairaFull(invoice.total)}) is unpaid`,
				})
				return true
			})
			if (paused) counts.paused++
		}
	}
	return counts
}

/** The unpaid invoice that paused a plan, for the claim's refusal. */
export async function pausingInvoice(db: Db | Tx, policyId: string) {
	const [row] = await db
		.select()
		.from(invoices)
		.where(and(eq(invoices.policyId, policyId), sql`${invoices.pausedOn} is not null`, inArray(invoices.status, ['open', 'overdue'])))
		.orderBy(asc(invoices.periodStart))
		.limit(1)
	return row ? { number: row.number!, balance: row.total - (await paidOn(db, row.id)) } : null
}

// Reading invoices.

type Filters = Omit<InvoicesQuery, 'page' | 'page_size'>

function conditions(customerId: string, filters: Filters): SQL {
	const where: SQL[] = [sql`i.customer_id = ${customerId}`, sql`i.status <> 'draft'`]
	if (filters.status) where.push(sql`i.status = ${filters.status}`)
	if (filters.from) where.push(sql`i.period_start >= ${filters.from}`)
	if (filters.to) where.push(sql`i.period_start <= ${filters.to}`)
	return sql.join(where, sql` and `)
}

type ListRow = {
	id: string
	number: string | null
	kind: 'invoice' | 'credit_note'
	status: InvoiceStatus
	policy_id: string
	policy_number: string
	product_id: number
	period_start: string
	period_end: string
	issued_on: string | null
	due_on: string | null
	total: number
	paid: number
	paused_on: string | null
}

const listSelect = (where: SQL) => sql`
	select i.id, i.number, i.kind, i.status, i.policy_id, p.policy_number, p.product_id,
		i.period_start::text as period_start, i.period_end::text as period_end, i.issued_on::text as issued_on,
		i.due_on::text as due_on, i.total, i.paused_on::text as paused_on,
		coalesce((select sum(ip.amount) from invoice_payments ip where ip.invoice_id = i.id), 0)::int as paid
	from invoices i join policies p on p.id = i.policy_id
	where ${where}`

async function rows<T>(db: Db, query: SQL) {
	return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

function serialize(r: ListRow): InvoiceView {
	const paid = Number(r.paid)
	const total = Number(r.total)
	const open = r.status === 'open' || r.status === 'overdue'
	return {
		id: r.id,
		number: r.number,
		kind: r.kind,
		status: r.status,
		plan: { id: r.policy_id, policy_number: r.policy_number, product_name: productById(Number(r.product_id) as Product['id']).name },
		period_start: r.period_start,
		period_end: r.period_end,
		issued_on: r.issued_on,
		due_on: r.due_on,
		total,
		paid,
		balance: r.kind === 'invoice' && open ? total - paid : 0,
		pauses_plan: open && r.paused_on !== null,
		pauses_on: open && r.kind === 'invoice' && r.due_on ? pausesOn(r.due_on) : null,
	}
}

/** A page of the business's invoices, newest month first, with the totals of all that match. */
export async function listInvoices(db: Db, customerId: string, query: InvoicesQuery) {
	const where = conditions(customerId, query)
	const [items, [sums]] = await Promise.all([
		rows<ListRow>(
			db,
			sql`${listSelect(where)} order by i.period_start desc, i.number desc nulls last, i.id desc
				limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
		),
		rows<{ count: number; billed: number; paid: number; outstanding: number }>(
			db,
			sql`select count(*)::int as count,
				coalesce(sum(case when kind = 'invoice' then total else -total end), 0)::bigint as billed,
				coalesce(sum(case when kind = 'invoice' then paid else 0 end), 0)::bigint as paid,
				coalesce(sum(case when kind = 'invoice' and status in ('open', 'overdue') then total - paid else 0 end), 0)::bigint as outstanding
				from (${listSelect(where)}) as matched`,
		),
	])
	return {
		items: items.map(serialize),
		page: query.page,
		page_size: query.page_size,
		total: Number(sums!.count),
		totals: { billed: Number(sums!.billed), paid: Number(sums!.paid), outstanding: Number(sums!.outstanding) },
	}
}

/** The business's invoices still to pay, the oldest due first: home's todos. */
export async function unpaidInvoices(db: Db, customerId: string, limit: number) {
	const found = await rows<ListRow>(
		db,
		sql`${listSelect(sql`i.customer_id = ${customerId} and i.kind = 'invoice' and i.status in ('open', 'overdue')`)}
			order by i.due_on, i.number limit ${limit}`,
	)
	return found.map(serialize)
}

export const CSV_MAX_ROWS = 10_000
const csvCell = (value: string | number | null) => {
	const text = value === null ? '' : String(value)
	// A cell that a spreadsheet would run as a formula is quoted as text.
	const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
	return /[",\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** The same invoices as CSV, amounts in whole Naira. */
export async function invoicesCsv(db: Db, customerId: string, filters: Filters) {
	const found = await rows<ListRow>(
		db,
		sql`${listSelect(conditions(customerId, filters))} order by i.period_start desc, i.number desc limit ${CSV_MAX_ROWS}`,
	)
	const header = ['number', 'kind', 'status', 'plan', 'period_start', 'period_end', 'issued_on', 'due_on', 'total', 'paid', 'balance']
	const lines = found
		.map(serialize)
		.map((i) =>
			[i.number, i.kind, i.status, i.plan.policy_number, i.period_start, i.period_end, i.issued_on, i.due_on, i.total, i.paid, i.balance]
				.map(csvCell)
				.join(','),
		)
	return `${[header.join(','), ...lines].join('\n')}\n`
}

/** One invoice with its lines and payments, and whether it can be paid now. */
export async function findInvoice(deps: Deps, auth: AuthUser, id: string): Promise<InvoiceDetail> {
	await ownInvoice(deps.db, auth.customerId, id)
	return invoiceDetail(deps, id, auth.permissions.includes('wallet.view') ? auth.customerId : null)
}

/** An issued invoice's detail; the wallet's balance only when `walletOf` names its business. */
async function invoiceDetail(deps: Deps, id: string, walletOf: string | null): Promise<InvoiceDetail> {
	const [row] = await rows<ListRow>(deps.db, listSelect(sql`i.id = ${id}`))
	const invoice = serialize(row!)
	const [record] = await deps.db.select({ adjustsId: invoices.adjustsId }).from(invoices).where(eq(invoices.id, id))
	const notes = await deps.db
		.select({ id: invoices.id, number: invoices.number, total: invoices.total, issuedOn: invoices.issuedOn })
		.from(invoices)
		.where(and(eq(invoices.adjustsId, id), eq(invoices.kind, 'credit_note'), ne(invoices.status, 'draft')))
		.orderBy(asc(invoices.issuedOn), asc(invoices.number))
	const [adjusts] = record?.adjustsId
		? await deps.db.select({ id: invoices.id, number: invoices.number }).from(invoices).where(eq(invoices.id, record.adjustsId))
		: []
	const lines = await deps.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)).orderBy(asc(invoiceLines.position))
	const paid = await deps.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, id)).orderBy(asc(invoicePayments.paidAt))
	return {
		...invoice,
		lines: lines.map((l) => ({
			kind: l.kind,
			description: l.description,
			quantity: l.quantity,
			unit_amount: l.unitAmount,
			amount: l.amount,
		})),
		payments: paid.map((p) => ({ method: p.method, reference: p.reference, amount: p.amount, paid_at: p.paidAt.toISOString() })),
		wallet_balance: walletOf ? await walletBalance(deps.db, walletOf) : null,
		pay_refusal: payRefusal({ kind: invoice.kind, status: invoice.status, balance: invoice.balance }),
		credit_notes: notes.map((n) => ({ id: n.id, number: n.number, total: n.total, issued_on: n.issuedOn })),
		adjusts: adjusts ? { id: adjusts.id, number: adjusts.number } : null,
	}
}

// The insurer's desk (docs/decisions/096-credit-notes-from-the-desk.md).

type DeskListRow = ListRow & { business_id: string; business_name: string }

const deskSelect = (where: SQL) => sql`
	select m.*, c.name as business_name, c.id as business_id
	from (${listSelect(where)}) as m join invoices ii on ii.id = m.id join customers c on c.id = ii.customer_id`

const deskSerialize = (r: DeskListRow) => ({ ...serialize(r), business: { id: r.business_id, name: r.business_name } })

/** Every business's issued invoices and credit notes, the newest issued first; `q` matches part of a number. */
export async function listDeskInvoices(db: Db, query: DeskInvoicesQuery) {
	const where: SQL[] = [sql`i.status <> 'draft'`]
	if (query.q) where.push(sql`i.number ilike ${`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`)
	const filter = sql.join(where, sql` and `)
	const [items, [count]] = await Promise.all([
		rows<DeskListRow>(
			db,
			sql`${deskSelect(filter)} order by m.issued_on desc nulls last, m.number desc, m.id desc
				limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
		),
		rows<{ count: number }>(db, sql`select count(*)::int as count from invoices i where ${filter}`),
	])
	return { items: items.map(deskSerialize), page: query.page, page_size: query.page_size, total: Number(count!.count) }
}

/**
 * What a new credit note may still return on an invoice: what was paid on it (never more than its
 * total) less the credit notes against it. A credit note returns premium the insurer earned to the
 * wallet, so an unpaid invoice has nothing to credit yet (decision 096).
 */
async function creditableOn(db: Db | Tx, invoice: InvoiceRow) {
	if (invoice.kind !== 'invoice' || invoice.status === 'draft' || invoice.status === 'void') return 0
	const [credited] = await db
		.select({ sum: sql<number>`coalesce(sum(${invoices.total}), 0)::int` })
		.from(invoices)
		.where(and(eq(invoices.adjustsId, invoice.id), eq(invoices.kind, 'credit_note')))
	return Math.max(0, Math.min(invoice.total, await paidOn(db, invoice.id)) - Number(credited?.sum ?? 0))
}

/** Any business's issued invoice as the desk sees it, with what may still be credited; 404 for a draft or none. */
export async function findDeskInvoice(deps: Deps, id: string): Promise<DeskInvoiceDetail> {
	const [invoice] = await deps.db.select().from(invoices).where(eq(invoices.id, id))
	if (!invoice || invoice.status === 'draft') throw notFound('invoice')
	const [business] = await deps.db
		.select({ id: customers.id, name: customers.name })
		.from(customers)
		.where(eq(customers.id, invoice.customerId))
	return {
		...(await invoiceDetail(deps, id, invoice.customerId)),
		business: { id: business!.id, name: business!.name },
		creditable: await creditableOn(deps.db, invoice),
	}
}

/**
 * The desk issues a credit note: the money goes back to the business's wallet through the ledger
 * (issueCreditNote), the operator's action is on the business's activity, and the plan's buyer is mailed.
 */
export async function deskCreditNote(deps: Deps, auth: AuthUser, invoiceId: string, body: CreditNoteBody) {
	const [invoice] = await deps.db.select().from(invoices).where(eq(invoices.id, invoiceId))
	if (!invoice || invoice.status === 'draft') throw notFound('invoice')
	if (invoice.kind !== 'invoice') throw new ApiError(409, 'A credit note is issued against an invoice, not against another credit note.')
	if (invoice.status === 'void') throw new ApiError(409, `Invoice ${invoice.number} is void: there is nothing to credit.`)
	const note = await issueCreditNote(deps, invoiceId, body, async (tx, issued) => {
		await recordActivity(tx, {
			customerId: invoice.customerId,
			actorUserId: auth.id,
			type: 'invoices.credit_note_issued',
			description: `Credit note ${issued.number} for ${formatNairaFull(issued.total)} was issued on invoice ${invoice.number} and paid into the wallet: ${body.reason}`,
		})
	})
	await mailCreditNote(deps, note.id)
	return note
}

/** The invoice as the PDF renderer takes it. */
export async function invoicePdfInput(deps: Deps, auth: AuthUser, id: string) {
	const detail = await findInvoice(deps, auth, id)
	if (!detail.number) throw new ApiError(409, 'A draft has no PDF: it is not issued yet.')
	const [business] = await deps.db.select().from(customers).where(eq(customers.id, auth.customerId))
	const [owner] = await deps.db
		.select({ email: users.email })
		.from(users)
		.where(eq(users.customerId, auth.customerId))
		.orderBy(asc(users.createdAt))
		.limit(1)
	return {
		number: detail.number,
		kind: detail.kind,
		status: detail.status,
		issuedOn: detail.issued_on ?? detail.period_end,
		dueOn: detail.due_on ?? detail.period_end,
		periodStart: detail.period_start,
		periodEnd: detail.period_end,
		business: {
			name: business!.name,
			address: business!.address,
			email: owner?.email ?? null,
			rcNumber: business!.registrationNumber,
		},
		lines: detail.lines.map((l) => ({ description: l.description, quantity: l.quantity, unitAmount: l.unit_amount, amount: l.amount })),
		total: detail.total,
		paid: detail.paid,
		balance: detail.balance,
		payments: detail.payments.map((p) => ({
			paidOn: lagosDate(new Date(p.paid_at)),
			method: p.method === 'wallet' ? 'Wallet' : 'Card',
			reference: p.reference,
			amount: p.amount,
		})),
	}
}
