import { formatDay, formatLongDay, formatLongDays } from '../contract/dates.ts'
import { randomInt } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Verification } from '../contract/documents.ts'
import { formatNairaFull } from '../contract/money.ts'
import { type Period, periodLabel } from '../contract/periods.ts'
import type { Receipt } from '../contract/transactions.ts'
import type { Db } from '../db/client.ts'
import { customers, issuedDocuments, payments, purchases, users, withdrawals } from '../db/schema.ts'
import { CATEGORY_LABELS, type FormField, type Product, productById, providerParty } from '../domain/catalogue/index.ts'
import { addDays, lagosDate } from '../domain/policies.ts'
import { policyFlags } from '../domain/policy-state.ts'
import { type Party, PORTAL } from '../documents/layout.ts'
import { type PdfRow, type PdfSection, type PdfTable, renderPdf } from '../documents/pdf.ts'
import type { Deps } from '../deps.ts'
import { ApiError, notFound } from '../errors.ts'
import { planMembers } from './plan-members.ts'
import { findPolicy, liveEvents } from './policies.ts'
import { findReceipt, findTransaction } from './transactions.ts'

type Kind = (typeof issuedDocuments.$inferSelect)['kind']

// Crockford's base 32: no I, L, O or U, so a code read aloud or typed from paper is not misread.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** Twelve random symbols (60 bits), in groups of four: too many to guess, few enough to type. */
export function newVerificationCode() {
	const symbols = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
	return `${symbols.slice(0, 4)}-${symbols.slice(4, 8)}-${symbols.slice(8)}`
}

/** The code of a subject's document, made on its first download and the same on every later one. */
async function verificationCode(db: Db, kind: Kind, subjectId: string, customerId: string) {
	const subject = and(eq(issuedDocuments.kind, kind), eq(issuedDocuments.subjectId, subjectId))
	const [existing] = await db.select({ code: issuedDocuments.code }).from(issuedDocuments).where(subject)
	if (existing) return existing.code
	// Two first downloads at once: one insert wins and both read its code.
	await db.insert(issuedDocuments).values({ code: newVerificationCode(), kind, subjectId, customerId }).onConflictDoNothing()
	const [issued] = await db.select({ code: issuedDocuments.code }).from(issuedDocuments).where(subject)
	return issued!.code
}

export const verifyUrl = (deps: Pick<Deps, 'env'>, code: string) => `${deps.env.publicUrl}/verify/${code}`

/** A form's value as the customer chose it: a select's option by its label, money in Naira, dates written out. */
function fieldRows(fields: readonly FormField[], values: Record<string, unknown>, skip: readonly string[] = []): PdfRow[] {
	const rows: PdfRow[] = []
	for (const field of fields) {
		const value = values[field.name]
		if (skip.includes(field.name) || value === undefined || value === null || value === '') continue
		const text =
			field.kind === 'select'
				? (field.options.find((o) => o.value === String(value))?.label ?? String(value))
				: field.kind === 'naira'
					? formatNairaFull(Number(value))
					: field.kind === 'date'
						? formatLongDay(String(value))
						: String(value)
		rows.push([field.label, text])
	}
	return rows
}

/** What the cover is for, under the heading its line of business calls it. */
const COVERED_HEADING: Record<Product['category'], string> = {
	auto: 'The vehicle',
	gadget: 'The device',
	health: 'The insured person',
	travel: 'The trip and the traveller',
	others: 'What is covered',
}

async function holderOf(db: Db, customerId: string) {
	const [customer] = await db
		.select({
			kind: customers.kind,
			name: customers.name,
			registrationNumber: customers.registrationNumber,
			phone: customers.phone,
			address: customers.address,
		})
		.from(customers)
		.where(eq(customers.id, customerId))
	return customer!
}

async function userOf(db: Db, userId: string | null) {
	if (!userId) return null
	const [user] = await db
		.select({ name: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone })
		.from(users)
		.where(eq(users.id, userId))
	return user ? { name: `${user.name} ${user.lastName}`, email: user.email, phone: user.phone } : null
}

/** The policyholder as the paper names them: the business (or person), and who bought the cover for it. */
async function holderSection(
	db: Db,
	customerId: string,
	buyerId: string | null,
	heading: string,
): Promise<{ heading: string; rows: PdfRow[] }> {
	const holder = await holderOf(db, customerId)
	const buyer = await userOf(db, buyerId)
	const rows: PdfRow[] =
		holder.kind === 'business'
			? [['Business', holder.name], ...(holder.registrationNumber ? [['Registration number', holder.registrationNumber] as const] : [])]
			: [['Name', holder.name]]
	if (buyer && holder.kind === 'business') rows.push(['Contact', buyer.name])
	if (buyer) rows.push(['Email', buyer.email])
	const phone = buyer?.phone ?? holder.phone
	if (phone) rows.push(['Phone', phone])
	if (holder.address) rows.push(['Address', holder.address])
	return { heading, rows }
}

/** The customer's side of a document: the business (or person), its registration number and address. */
async function customerParty(db: Db, customerId: string, role: string): Promise<Party> {
	const holder = await holderOf(db, customerId)
	const lines = [holder.registrationNumber && `Registration number ${holder.registrationNumber}`, holder.address].filter(
		(line): line is string => Boolean(line),
	)
	return { role, name: holder.name, lines }
}

/** A member's line of cover on a plan's certificate: covered now, from the day they join, or to their last day. */
function memberCover(m: { state: string; effective_on: string | null }) {
	if (!m.effective_on || m.state === 'active') return 'Covered'
	return m.state === 'joining' ? `From ${formatDay(m.effective_on)}` : `To ${formatDay(addDays(m.effective_on, -1))}`
}

/**
 * A policy's certificate: the insurer, the policyholder, the policy, what the cover is for (the
 * vehicle, the device, the insured person or trip, a staff plan's members) and its verification code.
 * A pending policy has none yet: its cover has not started.
 */
export async function certificatePdf(deps: Deps, customerId: string, policyId: string) {
	const { policy, purchase, custodian } = await findPolicy(deps.db, customerId, policyId)
	if (policy.status === 'pending') {
		throw new ApiError(409, 'The certificate is issued once the policy is active. Activate the policy first.')
	}
	const product = productById(policy.productId as Product['id'])
	const code = await verificationCode(deps.db, 'certificate', policy.id, customerId)
	const holder = await holderSection(deps.db, customerId, purchase.userId, 'Policyholder')
	if (custodian) holder.rows.push(['Custodian', custodian.name])
	const policyRows: PdfRow[] = [
		['Policy number', policy.policyNumber],
		['Product', `${product.name} (${CATEGORY_LABELS[product.category]})`],
		['Insurer', product.provider],
		['Cover', `${formatLongDays(policy.coverStart, policy.coverEnd)}, both included`],
		...(policy.period ? [['Cover period', periodLabel(policy.period as Period)] as const] : []),
		...(policy.kind === 'plan'
			? [['Staff covered', `Up to ${policy.slots}, at ${formatNairaFull(policy.monthlyRate ?? 0)} per person a month`] as const]
			: [['Premium', `${formatNairaFull(policy.premium)}, paid`] as const]),
	]
	const sections: PdfSection[] = [holder, { heading: 'Policy', rows: policyRows }]
	let table: PdfTable | undefined
	if (policy.kind === 'plan') {
		// The members today, as the plan's pages list them: nobody removed, moved on or gone from the register.
		const members = await planMembers(deps.db, customerId, policy, lagosDate(deps.now()))
		table = {
			heading: `Members covered (${members.length})`,
			columns: [
				{ title: 'Name', width: 170 },
				{ title: 'Email', width: 200 },
				{ title: 'Cover', width: 113 },
			],
			rows: members.map((m) => [m.name, m.email, memberCover(m)]),
			empty: 'No members are enrolled yet.',
		}
	} else {
		const insured = custodian?.name ?? (await userOf(deps.db, purchase.userId))?.name
		const person: PdfRow[] =
			insured && (product.category === 'health' || product.category === 'travel')
				? [[product.category === 'travel' ? 'Traveller' : 'Name', insured]]
				: []
		const covered = [
			...person,
			...fieldRows(product.purchase_fields, purchase.input, ['period', 'product_id']),
			...fieldRows(product.activation?.fields ?? [], policy.activation ?? {}),
		]
		if (covered.length > 0) sections.push({ heading: COVERED_HEADING[product.category], rows: covered })
	}
	const issued = formatLongDay(deps.now())
	const content = await renderPdf({
		title: `Certificate ${policy.policyNumber}`,
		issuer: product.provider,
		heading: policy.kind === 'plan' ? 'Certificate of staff health cover' : 'Certificate of insurance',
		parties: [providerParty(product.provider), await customerParty(deps.db, customerId, 'Policyholder')],
		sections,
		table,
		verification: { code, url: verifyUrl(deps, code), what: 'certificate' },
		footnote: `Issued ${issued} by Cover Portal on behalf of ${product.provider}. The cover is subject to the policy's terms, benefits and exclusions.`,
	})
	return { content, filename: `certificate-${policy.policyNumber}.pdf` }
}

/** The member of the team who made the transaction: who funded, asked for the withdrawal or bought. */
async function madeBy(db: Db, receipt: Receipt) {
	// The ledger's own transfers (a credit, a claim paid, a reward) have no one who made them; an invoice
	// paid by card has its payment's payer, one paid from the wallet none.
	if (!['funding', 'withdrawal', 'purchase', 'invoice_payment'].includes(receipt.type)) return null
	const [row] =
		receipt.type === 'funding' || receipt.type === 'invoice_payment'
			? await db.select({ userId: payments.userId }).from(payments).where(eq(payments.id, receipt.id))
			: receipt.type === 'withdrawal'
				? await db.select({ userId: withdrawals.requestedBy }).from(withdrawals).where(eq(withdrawals.id, receipt.id))
				: await db.select({ userId: purchases.userId }).from(purchases).where(eq(purchases.id, receipt.id))
	return row?.userId ?? null
}

const RECEIPT_TITLES: Record<Receipt['type'], string> = {
	funding: 'Receipt: wallet funding',
	withdrawal: 'Receipt: withdrawal',
	purchase: 'Receipt: payment for cover',
	invoice_payment: 'Receipt: invoice payment',
	credit_note: 'Receipt: credit to the wallet',
	claim_payment: 'Receipt: claim paid into the wallet',
	referral_reward: 'Receipt: referral reward',
}

/** A transaction's receipt, once it succeeded: until then nothing was received. */
export async function receiptPdf(deps: Deps, customerId: string, transactionId: string) {
	const receipt = await findReceipt(deps.db, customerId, transactionId)
	if (receipt.status !== 'success') {
		throw new ApiError(409, 'A receipt is issued once the transaction succeeds.')
	}
	const code = await verificationCode(deps.db, 'receipt', receipt.id, customerId)
	const rows: PdfRow[] = [
		['Reference', receipt.reference],
		['Date', formatLongDay(receipt.created_at)],
		['Description', receipt.description],
		['Amount', formatNairaFull(receipt.amount)],
	]
	if (receipt.type === 'withdrawal') {
		rows.push(['Transfer fee', formatNairaFull(receipt.fee)], ['Taken from the wallet', formatNairaFull(receipt.amount + receipt.fee)])
	}
	if (receipt.bank) rows.push(['Paid to', `${receipt.bank.account_name}, ${receipt.bank.bank_name} ${receipt.bank.account_number}`])
	if (receipt.policy) rows.push(['Policy', receipt.policy.policy_number])
	const content = await renderPdf({
		title: `Receipt ${receipt.reference}`,
		issuer: PORTAL.name,
		heading: RECEIPT_TITLES[receipt.type],
		parties: [
			{ role: receipt.type === 'withdrawal' ? 'Paid by' : 'Received by', name: PORTAL.name, lines: [deps.env.publicUrl] },
			await customerParty(deps.db, customerId, 'Customer'),
		],
		sections: [await holderSection(deps.db, customerId, await madeBy(deps.db, receipt), 'Customer'), { heading: 'Transaction', rows }],
		verification: { code, url: verifyUrl(deps, code), what: 'receipt' },
		footnote: `Issued ${formatLongDay(deps.now())} by Cover Portal. Amounts are in Naira.`,
	})
	return { content, filename: `receipt-${receipt.reference}.pdf` }
}

/** What /verify/{code} confirms: the document is genuine, and what it must say. */
export async function verifyDocument(deps: Deps, code: string): Promise<Verification> {
	const [doc] = await deps.db.select().from(issuedDocuments).where(eq(issuedDocuments.code, code))
	if (!doc) throw notFound('document')
	const holder = await holderOf(deps.db, doc.customerId)
	const issuedAt = doc.createdAt.toISOString()
	if (doc.kind === 'certificate') {
		const { policy } = await findPolicy(deps.db, doc.customerId, doc.subjectId)
		const product = productById(policy.productId as Product['id'])
		const flags = policyFlags(policy, await liveEvents(deps.db, { customerId: doc.customerId, policyId: policy.id }), lagosDate(deps.now()))
		return {
			kind: 'certificate',
			code,
			issued_at: issuedAt,
			holder: holder.name,
			policy_number: policy.policyNumber,
			product: product.name,
			provider: product.provider,
			// Cover ended early (deactivated, terminated) reads as no longer in force, like expired cover.
			status: flags.is_pending ? 'pending' : flags.active ? 'active' : 'expired',
			cover_start: policy.coverStart,
			cover_end: policy.coverEnd,
		}
	}
	const transaction = await findTransaction(deps.db, doc.customerId, doc.subjectId)
	if (!transaction) throw notFound('document')
	return {
		kind: 'receipt',
		code,
		issued_at: issuedAt,
		holder: holder.name,
		reference: transaction.reference,
		type: transaction.type,
		status: transaction.status,
		amount: transaction.amount,
		paid_at: transaction.created_at,
	}
}
