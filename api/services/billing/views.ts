import { type SQL, and, asc, eq, gte, lt, max, ne, sql } from 'drizzle-orm'
import {
	INVOICE_LINES_PAGE_SIZE,
	INVOICES_COUNT_CAP,
	type InvoiceDetail,
	type InvoiceStatus,
	type InvoicesQuery,
	type Invoice as InvoiceView,
} from '../../contract/invoices.ts'
import type { Db } from '../../db/client.ts'
import { jsonRows } from '../../db/json-rows.ts'
import type { Value } from '../../db/prepared-once.ts'
import { customers, invoiceLines, invoicePayments, invoices, users } from '../../db/schema.ts'
import { type DayRange, pausesOn, payRefusal, totalsSplit } from '../../domain/billing.ts'
import { type Product, productById } from '../../domain/catalogue/index.ts'
import { lagosDate } from '../../domain/policies.ts'
import type { Deps } from '../../deps.ts'
import { ApiError } from '../../errors.ts'
import type { AuthUser } from '../../http.ts'
import { walletBalance } from '../ledger.ts'
import { ownInvoice } from './payments.ts'

// Reading invoices: the business's list, its CSV, one invoice and its PDF.

export type Filters = Omit<InvoicesQuery, 'page' | 'page_size'>

function conditions(customerId: string, filters: Filters): SQL {
	const where: SQL[] = [sql`i.customer_id = ${customerId}`, sql`i.status <> 'draft'`]
	if (filters.status) where.push(sql`i.status = ${filters.status}`)
	if (filters.from) where.push(sql`i.period_start >= ${filters.from}`)
	if (filters.to) where.push(sql`i.period_start <= ${filters.to}`)
	return sql.join(where, sql` and `)
}

export type ListRow = {
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

export const listSelect = (where: SQL) => sql`
	select i.id, i.number, i.kind, i.status, i.policy_id, p.policy_number, p.product_id,
		i.period_start::text as period_start, i.period_end::text as period_end, i.issued_on::text as issued_on,
		i.due_on::text as due_on, i.total, i.paused_on::text as paused_on,
		coalesce((select sum(ip.amount) from invoice_payments ip where ip.invoice_id = i.id), 0)::int as paid
	from invoices i join policies p on p.id = i.policy_id
	where ${where}`

export async function rows<T>(db: Db, query: SQL) {
	return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

export function serialize(r: ListRow): InvoiceView {
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

/** What was paid so far on the invoice `i` of a list's query. */
const paidSoFar = sql`(select coalesce(sum(ip.amount), 0) from invoice_payments ip where ip.invoice_id = i.id)`

/** `column` within a range of days, both ends included, either open. */
function within(column: SQL, range: DayRange): SQL {
	const ends = [sql`true`]
	if (range.from !== null) ends.push(sql`${column} >= ${range.from}`)
	if (range.to !== null) ends.push(sql`${column} <= ${range.to}`)
	return sql.join(ends, sql` and `)
}

/**
 * The list's totals over every invoice that matches, without reading them all (decision 134): the whole
 * months in the range from the running totals `invoice_totals_months` (a row per month, status and kind),
 * the days at either end from the invoices, and what was paid so far on the unpaid ones (by the partial
 * index `invoices_unpaid_idx`). A paid invoice got exactly its total (reconcile checks it), a void one
 * nothing; a credit note takes its total off what was billed.
 */
function totalsQuery(customerId: string, filters: Filters): SQL {
	const { months, days } = totalsSplit({ from: filters.from ?? null, to: filters.to ?? null })
	const status = (column: SQL) => (filters.status ? sql`${column} = ${filters.status}` : sql`true`)
	const inMonths = months
		? sql`t.customer_id = ${customerId} and t.status <> 'draft' and ${status(sql`t.status`)} and ${within(sql`t.month`, months)}`
		: sql`false`
	const inDays = days.length
		? sql`i.customer_id = ${customerId} and i.status <> 'draft' and ${status(sql`i.status`)}
			and (${sql.join(
				days.map((range) => sql`(${within(sql`i.period_start`, range)})`),
				sql` or `,
			)})`
		: sql`false`
	// Written as the partial index's predicate, so that the planner reads the index.
	const unpaid = sql`i.customer_id = ${customerId} and i.kind = 'invoice' and i.status in ('open', 'overdue')
		and ${status(sql`i.status`)} and ${within(sql`i.period_start`, { from: filters.from ?? null, to: filters.to ?? null })}`
	return sql`select (coalesce(m.billed, 0) + coalesce(d.billed, 0))::bigint as billed,
			(coalesce(m.paid, 0) + coalesce(d.paid, 0) + coalesce(u.paid, 0))::bigint as paid,
			coalesce(u.outstanding, 0)::bigint as outstanding
		from (select sum(case when t.kind = 'invoice' then t.total else -t.total end) as billed,
				sum(case when t.kind = 'invoice' and t.status = 'paid' then t.total else 0 end) as paid
			from invoice_totals_months t where ${inMonths}) as m,
			(select sum(case when i.kind = 'invoice' then i.total else -i.total end) as billed,
				sum(case when i.kind = 'invoice' and i.status = 'paid' then i.total else 0 end) as paid
			from invoices i where ${inDays}) as d,
			(select sum(${paidSoFar}) as paid, sum(i.total - ${paidSoFar}) as outstanding
			from invoices i where ${unpaid}) as u`
}

/**
 * A page of the business's invoices, newest month first (an invoice's number, then a credit note's,
 * the newest first within a month), in the order of `invoices_list_idx`, so a page reads its
 * offset and itself, not every invoice. The count stops at INVOICES_COUNT_CAP + 1 (decision 123); the
 * totals are over every invoice that matches, from running totals (decision 134).
 */
export async function listInvoices(db: Db, customerId: string, query: InvoicesQuery) {
	const where = conditions(customerId, query)
	const [items, [count], [sums]] = await Promise.all([
		rows<ListRow>(
			db,
			sql`${listSelect(where)} order by i.period_start desc, i.number desc, i.id desc
				limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
		),
		rows<{ n: number }>(
			db,
			sql`select count(*)::int as n from (select 1 from invoices i where ${where} limit ${INVOICES_COUNT_CAP + 1}) as counted`,
		),
		rows<{ billed: number; paid: number; outstanding: number }>(db, totalsQuery(customerId, query)),
	])
	return {
		items: items.map(serialize),
		page: query.page,
		page_size: query.page_size,
		total: Number(count!.n),
		totals: { billed: Number(sums!.billed), paid: Number(sums!.paid), outstanding: Number(sums!.outstanding) },
	}
}

/** The business's invoices still to pay, the oldest due first: home's todos, as a column of the account's statement. */
export const unpaidInvoices = (customerId: Value, limit: number) =>
	jsonRows<ListRow>(
		sql`${listSelect(sql`i.customer_id = ${customerId} and i.kind = 'invoice' and i.status in ('open', 'overdue')`)}
			order by i.due_on, i.number limit ${limit}`,
		sql`r.due_on, r.number`,
	)

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

/** One invoice with a page of its lines, its payments, and whether it can be paid now. */
export async function findInvoice(deps: Deps, auth: AuthUser, id: string, linesPage: LinesPage = 1): Promise<InvoiceDetail> {
	await ownInvoice(deps.db, auth.customerId, id)
	return invoiceDetail(deps, id, auth.permissions.includes('wallet.view') ? auth.customerId : null, linesPage)
}

const serializeLine = (l: typeof invoiceLines.$inferSelect) => ({
	position: l.position + 1,
	kind: l.kind,
	description: l.description,
	quantity: l.quantity,
	unit_amount: l.unitAmount,
	amount: l.amount,
})

/** A page of an invoice's lines, or all of them. */
type LinesPage = number | 'all'

/**
 * A page of an invoice's lines, and how many it has. `issue` numbers an invoice's lines 0, 1, 2… as it
 * writes them all at once, and nothing adds or removes one after, so a page is a range of positions and
 * the count is the last position's next: both read the (invoice, position) index for the page alone, on an
 * invoice of 100,000 lines as on one of 10 (decision 164).
 */
async function linesPageOf(db: Db, id: string, page: LinesPage) {
	if (page === 'all') {
		// The PDF's: every line, however many pages the screen shows them in.
		const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)).orderBy(asc(invoiceLines.position))
		return { lines: lines.map(serializeLine), lines_page: 1, lines_page_size: lines.length, lines_total: lines.length }
	}
	const first = (page - 1) * INVOICE_LINES_PAGE_SIZE
	const [lines, [last]] = await Promise.all([
		db
			.select()
			.from(invoiceLines)
			.where(
				and(eq(invoiceLines.invoiceId, id), gte(invoiceLines.position, first), lt(invoiceLines.position, first + INVOICE_LINES_PAGE_SIZE)),
			)
			.orderBy(asc(invoiceLines.position)),
		db
			.select({ position: max(invoiceLines.position) })
			.from(invoiceLines)
			.where(eq(invoiceLines.invoiceId, id)),
	])
	return {
		lines: lines.map(serializeLine),
		lines_page: page,
		lines_page_size: INVOICE_LINES_PAGE_SIZE,
		lines_total: last?.position == null ? 0 : last.position + 1,
	}
}

/** An issued invoice's detail with a page of its lines; the wallet's balance only when `walletOf` names its business. */
export async function invoiceDetail(deps: Deps, id: string, walletOf: string | null, linesPage: LinesPage = 1): Promise<InvoiceDetail> {
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
	const lines = await linesPageOf(deps.db, id, linesPage)
	const paid = await deps.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, id)).orderBy(asc(invoicePayments.paidAt))
	return {
		...invoice,
		...lines,
		payments: paid.map((p) => ({ method: p.method, reference: p.reference, amount: p.amount, paid_at: p.paidAt.toISOString() })),
		wallet_balance: walletOf ? await walletBalance(deps.db, walletOf) : null,
		pay_refusal: payRefusal({ kind: invoice.kind, status: invoice.status, balance: invoice.balance }),
		credit_notes: notes.map((n) => ({ id: n.id, number: n.number, total: n.total, issued_on: n.issuedOn })),
		adjusts: adjusts ? { id: adjusts.id, number: adjusts.number } : null,
	}
}

/** The invoice as the PDF renderer takes it. */
export async function invoicePdfInput(deps: Deps, auth: AuthUser, id: string) {
	const detail = await findInvoice(deps, auth, id, 'all')
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
