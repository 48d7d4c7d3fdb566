import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { INSPECTION_STATUSES } from '../contract/statuses.ts'
import { policies } from './schema-policies.ts'
import { customers, users } from './schema.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** A policy's pre-inspection (docs/decisions/103-pre-inspections.md): one per policy, taken again after a rejection. */
export const inspections = pgTable(
	'inspections',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		policyId: uuid('policy_id')
			.notNull()
			.unique()
			.references(() => policies.id),
		kind: text('kind', { enum: ['vehicle', 'gadget'] }).notNull(),
		status: text('status', { enum: INSPECTION_STATUSES }).notNull(),
		rejectReason: text('reject_reason'),
		/** The desk's note to the customer with its decision. */
		deskNote: text('desk_note'),
		startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
		reviewedBy: uuid('reviewed_by').references(() => users.id),
		submittedAt: timestamp('submitted_at', { withTimezone: true }),
		reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
		createdAt: createdAt(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('inspections_customer_idx').on(t.customerId, t.updatedAt), index('inspections_status_idx').on(t.status, t.updatedAt)],
)

/** One photo per angle; a new one replaces the old. */
export const inspectionPhotos = pgTable(
	'inspection_photos',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		inspectionId: uuid('inspection_id')
			.notNull()
			.references(() => inspections.id),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		angle: text('angle').notNull(),
		filename: text('filename').notNull(),
		mediaType: text('media_type').notNull(),
		size: integer('size').notNull(),
		storageKey: text('storage_key').notNull().unique(),
		createdAt: createdAt(),
	},
	(t) => [uniqueIndex('inspection_photos_angle_idx').on(t.inspectionId, t.angle)],
)

/**
 * A hand-off from a desktop to a phone (docs/decisions/104-inspection-links.md): a random code, kept
 * only as its SHA-256, good for 30 minutes and spent by the submission it carries; a newer link revokes it.
 */
export const inspectionLinks = pgTable(
	'inspection_links',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		inspectionId: uuid('inspection_id')
			.notNull()
			.references(() => inspections.id),
		codeHash: text('code_hash').notNull().unique(),
		createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		usedAt: timestamp('used_at', { withTimezone: true }),
		revokedAt: timestamp('revoked_at', { withTimezone: true }),
		createdAt: createdAt(),
	},
	(t) => [index('inspection_links_inspection_idx').on(t.inspectionId)],
)
