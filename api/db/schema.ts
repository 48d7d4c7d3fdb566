import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { ActivityType } from '../contract/activities.ts'

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`)
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** `insurer` marks the claims desk's own record (docs/decisions/071-claims-desk-operators.md). */
export type CustomerMeta = { cac_verified?: boolean; sector?: string | null; insurer?: boolean }

/** A business or an individual: the party that owns policies, the wallet and the team. */
export const customers = pgTable('customers', {
	id: id(),
	kind: text('kind', { enum: ['business', 'individual'] }).notNull(),
	name: text('name').notNull(),
	sector: text('sector'),
	businessType: text('business_type', { enum: ['BN', 'RC', 'IT', 'none'] }),
	registrationNumber: text('registration_number'),
	state: text('state'),
	lga: text('lga'),
	address: text('address'),
	phone: text('phone'),
	meta: jsonb('meta').$type<CustomerMeta>().notNull().default({}),
	/** Its own code for referral links, made the first time it is asked for (docs/decisions/112-referral-rewards.md). */
	referralCode: text('referral_code').unique(),
	/** Where the account came from (docs/decisions/111-attribution.md): a known marketing channel, a campaign, the sign-up answer. */
	channelSource: text('channel_source'),
	campaignCode: text('campaign_code'),
	heardFrom: text('heard_from'),
	createdAt: createdAt(),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const permissions = pgTable('permissions', {
	name: text('name').primaryKey(),
	description: text('description').notNull(),
})

/** Roles with customer_id null are the seeded ones every business shares. */
export const roles = pgTable(
	'roles',
	{
		id: id(),
		customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
		name: text('name').notNull(),
		description: text('description').notNull().default(''),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex('roles_customer_name_idx').on(
			sql`coalesce(${t.customerId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
			sql`lower(${t.name})`,
		),
	],
)

export const rolePermissions = pgTable(
	'role_permissions',
	{
		roleId: uuid('role_id')
			.notNull()
			.references(() => roles.id, { onDelete: 'cascade' }),
		permission: text('permission')
			.notNull()
			.references(() => permissions.name, { onDelete: 'cascade' }),
	},
	(t) => [primaryKey({ columns: [t.roleId, t.permission] })],
)

export const users = pgTable(
	'users',
	{
		id: id(),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id, { onDelete: 'cascade' }),
		roleId: uuid('role_id')
			.notNull()
			.references(() => roles.id),
		firstName: text('first_name').notNull(),
		lastName: text('last_name').notNull(),
		email: text('email').notNull(),
		phone: text('phone'),
		gender: text('gender', { enum: ['male', 'female'] }),
		passwordHash: text('password_hash').notNull(),
		emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
		/** When the dashboard's guided tour was finished or dismissed: it shows once (docs/decisions/113-guided-tour.md). */
		touredAt: timestamp('toured_at', { withTimezone: true }),
		status: text('status', { enum: ['active', 'deactivated'] })
			.notNull()
			.default('active'),
		createdAt: createdAt(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [uniqueIndex('users_email_idx').on(sql`lower(${t.email})`), index('users_customer_idx').on(t.customerId)],
)

/** Bearer tokens: only the SHA-256 of the token is kept. */
export const tokens = pgTable(
	'tokens',
	{
		id: id(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		tokenHash: text('token_hash').notNull(),
		createdAt: createdAt(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		/** Set when a newer token replaced this one; it stays valid for a short grace period. */
		rotatedAt: timestamp('rotated_at', { withTimezone: true }),
		revokedAt: timestamp('revoked_at', { withTimezone: true }),
	},
	(t) => [uniqueIndex('tokens_hash_idx').on(t.tokenHash), index('tokens_user_idx').on(t.userId)],
)

export const otps = pgTable(
	'otps',
	{
		id: id(),
		email: text('email').notNull(),
		purpose: text('purpose', { enum: ['verify-email', 'reset-password', 'withdrawal'] }).notNull(),
		/** What the code confirms, when it confirms one thing: a withdrawal's id. */
		subject: text('subject'),
		secret: text('secret').notNull(),
		algorithm: text('algorithm').notNull(),
		digits: integer('digits').notNull(),
		period: integer('period').notNull(),
		charSet: text('char_set').notNull(),
		attempts: integer('attempts').notNull().default(0),
		consumedAt: timestamp('consumed_at', { withTimezone: true }),
		createdAt: createdAt(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
	},
	(t) => [index('otps_email_idx').on(sql`lower(${t.email})`, t.purpose, t.createdAt)],
)

/** Short-lived proof that an OTP was verified, exchanged for a password reset. */
export const resetGrants = pgTable('reset_grants', {
	id: id(),
	userId: uuid('user_id')
		.notNull()
		.references(() => users.id, { onDelete: 'cascade' }),
	tokenHash: text('token_hash').notNull().unique(),
	expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
	usedAt: timestamp('used_at', { withTimezone: true }),
	createdAt: createdAt(),
})

export const signInAttempts = pgTable(
	'sign_in_attempts',
	{
		id: id(),
		email: text('email').notNull(),
		succeeded: boolean('succeeded').notNull(),
		createdAt: createdAt(),
	},
	(t) => [index('sign_in_attempts_email_idx').on(t.email, t.createdAt)],
)

/** What one client address did, for the per-address limits (docs/decisions/034-abuse-limits.md). */
export const addressHits = pgTable(
	'address_hits',
	{
		id: id(),
		address: text('address').notNull(),
		action: text('action', { enum: ['sign-up', 'sign-in-failure', 'code-send', 'inspection-link-failure'] }).notNull(),
		createdAt: createdAt(),
	},
	(t) => [index('address_hits_address_idx').on(t.address, t.action, t.createdAt)],
)

export const invitations = pgTable(
	'invitations',
	{
		id: id(),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id, { onDelete: 'cascade' }),
		email: text('email').notNull(),
		firstName: text('first_name'),
		lastName: text('last_name'),
		roleId: uuid('role_id')
			.notNull()
			.references(() => roles.id),
		tokenHash: text('token_hash').notNull().unique(),
		invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		acceptedAt: timestamp('accepted_at', { withTimezone: true }),
		revokedAt: timestamp('revoked_at', { withTimezone: true }),
		createdAt: createdAt(),
	},
	(t) => [index('invitations_customer_idx').on(t.customerId)],
)

export const activities = pgTable(
	'activities',
	{
		id: id(),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id, { onDelete: 'cascade' }),
		actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
		type: text('type').$type<ActivityType>().notNull(),
		description: text('description').notNull(),
		createdAt: createdAt(),
	},
	(t) => [index('activities_customer_idx').on(t.customerId, t.createdAt)],
)

export const mailOutbox = pgTable('mail_outbox', {
	id: id(),
	to: text('to').notNull(),
	subject: text('subject').notNull(),
	text: text('text').notNull(),
	html: text('html'),
	/** The names of the files the mail carried; their bytes are not kept. */
	attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
	createdAt: createdAt(),
})

export const sectors = pgTable('sectors', {
	name: text('name').primaryKey(),
})

export const states = pgTable('states', {
	name: text('name').primaryKey(),
})

export const lgas = pgTable(
	'lgas',
	{
		state: text('state')
			.notNull()
			.references(() => states.name, { onDelete: 'cascade' }),
		name: text('name').notNull(),
	},
	(t) => [primaryKey({ columns: [t.state, t.name] })],
)

export const genders = pgTable('genders', {
	name: text('name').primaryKey(),
})

/** The companies the local CAC adapter knows: a stand-in for the Corporate Affairs Commission's register. */
export const cacRegistry = pgTable('cac_registry', {
	registrationNumber: text('registration_number').primaryKey(),
	businessType: text('business_type', { enum: ['BN', 'RC', 'IT'] }).notNull(),
	name: text('name').notNull(),
})

export * from './schema-ledger.ts'
export * from './schema-payments.ts'
export * from './schema-policies.ts'
export * from './schema-staff.ts'
export * from './schema-documents.ts'
export * from './schema-plans.ts'
export * from './schema-claims.ts'
export * from './schema-kit.ts'
export * from './schema-inspections.ts'
export * from './schema-billing.ts'
export * from './schema-client.ts'
