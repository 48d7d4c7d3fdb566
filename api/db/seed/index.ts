import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../client.ts'
import * as t from '../schema.ts'
import { CAC_COMPANIES } from './cac-registry.ts'
import { seedDemoHistory } from './demo-history.ts'
import statesWithLgas from './states-lgas.json' with { type: 'json' }
import { PERMISSIONS } from '../../contract/permissions.ts'
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
		await tx
			.insert(t.cacRegistry)
			.values([...CAC_COMPANIES])
			.onConflictDoNothing()
		await tx
			.insert(t.permissions)
			.values(Object.entries(PERMISSIONS).map(([name, description]) => ({ name, description })))
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
}

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
					webhookUrl: 'https://okafor-logistics.example/hooks/cover',
					webhookSecret: secrets.webhookSecret,
				})
			}
		})
	}
}
