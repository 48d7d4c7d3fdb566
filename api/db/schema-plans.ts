import { sql } from 'drizzle-orm'
import { date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { policies } from './schema-policies.ts'
import { staff } from './schema-staff.ts'
import { customers, users } from './schema.ts'

/**
 * What happened to a policy or a plan's member, and from which day: the stored facts its status flags
 * are computed from (docs/decisions/078-policy-state.md). Append-only but for cancelling a change
 * that has not yet taken effect.
 */
export const policyEvents = pgTable(
	'policy_events',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		policyId: uuid('policy_id')
			.notNull()
			.references(() => policies.id),
		/** A member's change (removal, migration); null for the policy's own. */
		staffId: uuid('staff_id').references(() => staff.id),
		kind: text('kind', {
			enum: [
				'activated',
				'inspection_approved',
				'deactivate',
				'terminate',
				'pause',
				'resume',
				'period_change',
				'plan_change',
				'member_removal',
				'member_migration',
				'renewed',
				'dependant_slots',
			],
		}).notNull(),
		/** The first day the change holds. */
		effectiveOn: date('effective_on').notNull(),
		/** A migration's destination plan. */
		toPolicyId: uuid('to_policy_id').references(() => policies.id),
		/** What changes: a period, a product and slots, or the dependant slots from and to. */
		detail: jsonb('detail').$type<Record<string, string | number>>(),
		description: text('description').notNull(),
		actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
		cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('policy_events_policy_idx').on(t.policyId, t.createdAt),
		index('policy_events_customer_idx').on(t.customerId, t.createdAt),
		index('policy_events_to_policy_idx').on(t.toPolicyId),
		// The day a plan or policy ends, found without reading its members' events (decision 161).
		index('policy_events_end_idx')
			.on(t.policyId, t.effectiveOn)
			.where(sql`${t.kind} in ('terminate', 'deactivate') and ${t.cancelledAt} is null`),
	],
)

/** The network of hospitals and clinics a health plan's members may use (docs/decisions/080-hospital-network.md). */
export const hospitals = pgTable(
	'hospitals',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		/** The source's own code: an import updates the row it names. */
		code: text('code').notNull().unique(),
		name: text('name').notNull(),
		type: text('type', { enum: ['ophthalmology', 'hospital', 'dental', 'laboratory', 'diagnostic'] }).notNull(),
		state: text('state').notNull(),
		lga: text('lga').notNull(),
		address: text('address').notNull(),
		phone: text('phone'),
		/** 'sample' for the generated demo network; the file's name for an imported one. */
		source: text('source').notNull(),
	},
	(t) => [index('hospitals_place_idx').on(t.state, t.lga, t.name), index('hospitals_type_idx').on(t.type, t.name)],
)
