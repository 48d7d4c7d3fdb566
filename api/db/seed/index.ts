import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '../client.ts'
import * as t from '../schema.ts'
import { CAC_COMPANIES } from './cac-registry.ts'
import { seedDemoHistory } from './demo-history.ts'
import statesWithLgas from './states-lgas.json' with { type: 'json' }
import { sampleNetwork } from '../../domain/hospitals/sample.ts'
import { OPERATOR_PERMISSIONS, PERMISSIONS } from '../../contract/permissions.ts'
import { hashSecretKey, newPartnerSecrets } from '../../domain/kit.ts'
import { SEED_ROLES } from '../../domain/permissions.ts'
import { hashPassword } from '../../security/password.ts'

export const SECTORS = [
	'Agriculture',
	'Aviation',
	'Banking and Finance',
	'Construction',
	'Consulting and Professional Services',
	'Education',
	'Energy, Oil and Gas',
	'Entertainment and Media',
	'Fashion and Beauty',
	'Food and Beverage',
	'Government and Public Sector',
	'Healthcare',
	'Hospitality and Tourism',
	'Information Technology',
	'Insurance',
	'Legal',
	'Logistics and Transportation',
	'Manufacturing',
	'Non-profit',
	'Real Estate',
	'Retail and E-commerce',
	'Telecommunications',
	'Other',
]

export const DEMO_PASSWORD = 'Demo-pass-2026'
export const DEMO_ACCOUNTS = [
	{ kind: 'business', email: 'business@example.com', firstName: 'Adaeze', lastName: 'Okafor', name: 'Okafor Logistics Ltd' },
	{ kind: 'individual', email: 'individual@example.com', firstName: 'Tunde', lastName: 'Bakare', name: 'Tunde Bakare' },
] as const

/** Reference data every deployment needs. Safe to run on every start. */
export async function seedReferenceData(db: Db) {
	await db.transaction(async (tx) => {
		await tx
			.insert(t.sectors)
			.values(SECTORS.map((name) => ({ name })))
			.onConflictDoNothing()
		await tx
			.insert(t.genders)
			.values([{ name: 'male' }, { name: 'female' }])
			.onConflictDoNothing()
		await tx
			.insert(t.states)
			.values(statesWithLgas.map((s) => ({ name: s.state })))
			.onConflictDoNothing()
		await tx
			.insert(t.lgas)
			.values(statesWithLgas.flatMap((s) => s.lgas.map((name) => ({ state: s.state, name }))))
			.onConflictDoNothing()
		// The sample network only while no real one has been imported (docs/decisions/080-hospital-network.md).
		const [real] = await tx.select({ code: t.hospitals.code }).from(t.hospitals).where(ne(t.hospitals.source, 'sample')).limit(1)
		if (!real) {
			await tx
				.insert(t.hospitals)
				.values(sampleNetwork(statesWithLgas).map((h) => ({ ...h, source: 'sample' })))
				.onConflictDoNothing()
		}
		await tx
			.insert(t.cacRegistry)
			.values([...CAC_COMPANIES])
			.onConflictDoNothing()
		await tx
			.insert(t.permissions)
			.values(Object.entries({ ...PERMISSIONS, ...OPERATOR_PERMISSIONS }).map(([name, description]) => ({ name, description })))
			.onConflictDoNothing()
		for (const role of SEED_ROLES) {
			let [row] = await tx
				.select({ id: t.roles.id })
				.from(t.roles)
				.where(and(isNull(t.roles.customerId), eq(t.roles.name, role.name)))
			if (!row) {
				;[row] = await tx.insert(t.roles).values({ name: role.name, description: role.description }).returning({ id: t.roles.id })
			}
			await tx
				.insert(t.rolePermissions)
				.values(role.permissions.map((permission) => ({ roleId: row!.id, permission })))
				.onConflictDoNothing()
		}
	})
	await seedDesk(db)
}

/** The insurer's claims desk: its own customer record and the operator role, which no business can hold. */
export const DESK_NAME = 'Cover Portal claims desk'
export const OPERATOR_ROLE = 'Claims operator'

export async function seedDesk(db: Db) {
	await db.transaction(async (tx) => {
		let [desk] = await tx.select({ id: t.customers.id }).from(t.customers).where(sql`${t.customers.meta}->>'insurer' = 'true'`)
		if (!desk) {
			;[desk] = await tx
				.insert(t.customers)
				.values({ kind: 'business', name: DESK_NAME, meta: { insurer: true } })
				.returning({ id: t.customers.id })
		}
		let [role] = await tx
			.select({ id: t.roles.id })
			.from(t.roles)
			.where(and(eq(t.roles.customerId, desk!.id), eq(t.roles.name, OPERATOR_ROLE)))
		if (!role) {
			;[role] = await tx
				.insert(t.roles)
				.values({ customerId: desk!.id, name: OPERATOR_ROLE, description: 'Reviews, offers and pays claims' })
				.returning({ id: t.roles.id })
		}
		await tx
			.insert(t.rolePermissions)
			.values(Object.keys(OPERATOR_PERMISSIONS).map((permission) => ({ roleId: role!.id, permission })))
			.onConflictDoNothing()
	})
}

/** An operator of the claims desk, verified; used by the demo seed and the tests. */
export async function createOperator(db: Db, input: { email: string; firstName: string; lastName: string; password: string }) {
	const [role] = await db
		.select({ id: t.roles.id, customerId: t.roles.customerId })
		.from(t.roles)
		.innerJoin(t.customers, eq(t.customers.id, t.roles.customerId))
		.where(and(eq(t.roles.name, OPERATOR_ROLE), sql`${t.customers.meta}->>'insurer' = 'true'`))
	if (!role) throw new Error('Seed the desk first')
	const [existing] = await db.select({ id: t.users.id }).from(t.users).where(sql`lower(${t.users.email}) = ${input.email}`)
	if (existing) return existing.id
	const [user] = await db
		.insert(t.users)
		.values({
			customerId: role.customerId!,
			roleId: role.id,
			firstName: input.firstName,
			lastName: input.lastName,
			email: input.email,
			passwordHash: await hashPassword(input.password),
			emailVerifiedAt: new Date(),
		})
		.returning({ id: t.users.id })
	return user!.id
}

export const DEMO_OPERATOR = { email: 'operator@example.com', firstName: 'Ifeoma', lastName: 'Nwosu' } as const
/** The desk's second pair of eyes: payouts above the threshold need one operator to approve and another to pay. */
export const DEMO_SECOND_OPERATOR = { email: 'payouts@example.com', firstName: 'Kunle', lastName: 'Adeyemi' } as const

/** The two demo accounts of the embedded default: verified, KYC done. */

/** The two demo accounts of the embedded default: verified, KYC done, with a year of cover and payments behind them. */
export async function seedDemoAccounts(db: Db) {
	const [owner] = await db
		.select({ id: t.roles.id })
		.from(t.roles)
		.where(and(isNull(t.roles.customerId), eq(t.roles.name, 'Owner')))
	if (!owner) throw new Error('Seed the reference data first')
	for (const account of DEMO_ACCOUNTS) {
		const [existing] = await db.select({ id: t.users.id }).from(t.users).where(sql`lower(${t.users.email}) = ${account.email}`)
		if (existing) continue
		const passwordHash = await hashPassword(DEMO_PASSWORD)
		await db.transaction(async (tx) => {
			const [customer] = await tx
				.insert(t.customers)
				.values({
					kind: account.kind,
					name: account.name,
					sector: account.kind === 'business' ? 'Logistics and Transportation' : 'Information Technology',
					businessType: account.kind === 'business' ? 'RC' : null,
					registrationNumber: account.kind === 'business' ? 'RC1234567' : null,
					state: 'Lagos',
					lga: 'Ikeja',
					address: '12 Allen Avenue',
					phone: '08031234567',
					meta: {
						cac_verified: account.kind === 'business',
						sector: account.kind === 'business' ? 'Logistics and Transportation' : 'Information Technology',
					},
				})
				.returning({ id: t.customers.id })
			const [user] = await tx
				.insert(t.users)
				.values({
					customerId: customer!.id,
					roleId: owner.id,
					firstName: account.firstName,
					lastName: account.lastName,
					email: account.email,
					phone: '08031234567',
					passwordHash,
					emailVerifiedAt: new Date(),
					// Accounts with a year behind them have seen the dashboard's tour (docs/decisions/113-guided-tour.md).
					touredAt: new Date(),
				})
				.returning({ id: t.users.id })
			await seedDemoHistory(tx, { kind: account.kind, customerId: customer!.id, userId: user!.id })
			// The business integrates the kit (docs/decisions/074-partner-keys.md): its key is listed in
			// /settings; its secret was never shown, as for any key, so a demo host makes a key of its own.
			if (account.kind === 'business') {
				const secrets = newPartnerSecrets()
				await tx.insert(t.partnerKeys).values({
					customerId: customer!.id,
					createdBy: user!.id,
					name: 'Okafor Logistics website',
					publicKey: secrets.publicKey,
					secretHash: hashSecretKey(secrets.secretKey),
					secretHint: secrets.secretKey.slice(-4),
					webhookUrl: 'https://okaforlogistics.example/hooks/cover',
					webhookSecret: secrets.webhookSecret,
				})
			}
		})
	}
}
