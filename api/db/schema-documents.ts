import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { customers } from './schema.ts'

/**
 * A document the portal issued (a policy's certificate, a transaction's receipt) and the code printed
 * on it, which /verify/{code} confirms to anyone holding the paper (docs/decisions/039-verification-codes.md).
 * One code per subject: every download of the same certificate carries the same code.
 */
export const issuedDocuments = pgTable(
	'issued_documents',
	{
		code: text('code').primaryKey(),
		kind: text('kind', { enum: ['certificate', 'receipt'] }).notNull(),
		/** The policy of a certificate, the transaction (payment, withdrawal or purchase) of a receipt. */
		subjectId: uuid('subject_id').notNull(),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [uniqueIndex('issued_documents_subject_idx').on(t.kind, t.subjectId), index('issued_documents_customer_idx').on(t.customerId)],
)
