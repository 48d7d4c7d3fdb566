import { type SQL, eq, sql } from 'drizzle-orm'
import type { CreditNoteBody, DeskInvoiceDetail, DeskInvoicesQuery } from '../../contract/invoices.ts'
import { formatNairaFull } from '../../contract/money.ts'
import type { Db } from '../../db/client.ts'
import { containsPattern } from '../../db/like.ts'
import { customers, invoices } from '../../db/schema.ts'
import type { Deps } from '../../deps.ts'
import { ApiError, notFound } from '../../errors.ts'
import type { AuthUser } from '../../http.ts'
import { recordActivity } from '../accounts.ts'
import { mailCreditNote } from '../billing-mail.tsx'
import { creditableOn, issueCreditNote } from './credit-notes.ts'
import { type ListRow, invoiceDetail, listSelect, rows, serialize } from './views.ts'

// The insurer's desk (docs/decisions/096-credit-notes-from-the-desk.md): every business's invoices, and credit notes.

type DeskListRow = ListRow & { business_id: string; business_name: string }

const deskSelect = (where: SQL) => sql`
	select m.*, c.name as business_name, c.id as business_id
	from (${listSelect(where)}) as m join invoices ii on ii.id = m.id join customers c on c.id = ii.customer_id`

const deskSerialize = (r: DeskListRow) => ({ ...serialize(r), business: { id: r.business_id, name: r.business_name } })

/** Every business's issued invoices and credit notes, the newest issued first; `q` matches part of a number. */
export async function listDeskInvoices(db: Db, query: DeskInvoicesQuery) {
	const where: SQL[] = [sql`i.status <> 'draft'`]
	if (query.q) where.push(sql`i.number ilike ${containsPattern(query.q)}`)
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

/** Any business's issued invoice as the desk sees it, with a page of its lines and what may still be credited; 404 for a draft or none. */
export async function findDeskInvoice(deps: Deps, id: string, linesPage = 1): Promise<DeskInvoiceDetail> {
	const [invoice] = await deps.db.select().from(invoices).where(eq(invoices.id, id))
	if (!invoice || invoice.status === 'draft') throw notFound('invoice')
	const [business] = await deps.db
		.select({ id: customers.id, name: customers.name })
		.from(customers)
		.where(eq(customers.id, invoice.customerId))
	return {
		...(await invoiceDetail(deps, id, invoice.customerId, linesPage)),
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
