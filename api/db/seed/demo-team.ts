import { randomBytes } from 'node:crypto'
import { eq, isNull, sql } from 'drizzle-orm'
import { hashPassword } from '../../security/password.ts'
import { sha256 } from '../../security/tokens.ts'
import type { Db } from '../client.ts'
import * as t from '../schema.ts'

// The demo business's team (decision 157): members with the roles a logistics firm would give, one of them
// the "Kemi Bello joined the team" of its bell, and an invitation still waiting. None of them signs in:
// their passwords are random and never shown; the demo accounts are the README's.

const DAY = 86_400_000
const SECOND = 1_000

// Each joins after the owner, in this order, a second apart: "the business's first user" (who is mailed
// for a plan with no buyer on record, api/services/billing-mail.tsx) stays the owner, and the newest is
// the one the bell names.
const MEMBERS = [
	{ firstName: 'Emeka', lastName: 'Nwosu', email: 'emeka.nwosu@okaforlogistics.example', role: 'Finance' },
	{ firstName: 'Zainab', lastName: 'Yusuf', email: 'zainab.yusuf@okaforlogistics.example', role: 'Viewer' },
	{ firstName: 'Kemi', lastName: 'Bello', email: 'kemi.bello@okaforlogistics.example', role: 'Admin' },
] as const

const INVITED = { firstName: 'Tola', lastName: 'Adeyemi', email: 'tola.adeyemi@okaforlogistics.example', role: 'Finance' }

/** Invitations work for 7 days (spec section 6). */
const INVITATION_DAYS = 7

export async function seedDemoTeam(db: Db, ownerEmail: string) {
	const [owner] = await db.select().from(t.users).where(sql`lower(${t.users.email}) = ${ownerEmail}`)
	if (!owner?.customerId) return
	const [seeded] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, NEWEST.email))
	if (seeded) return
	const roles = new Map(
		(await db.select({ id: t.roles.id, name: t.roles.name }).from(t.roles).where(isNull(t.roles.customerId))).map((r) => [r.name, r.id]),
	)
	const roleId = (name: string) => {
		const id = roles.get(name)
		if (!id) throw new Error(`Seed the reference data first: no role ${name}`)
		return id
	}
	const unusable = await hashPassword(randomBytes(24).toString('base64url'))
	await db.transaction(async (tx) => {
		for (const [i, member] of MEMBERS.entries()) {
			const since = new Date(owner.createdAt.getTime() + (i + 1) * SECOND)
			await tx.insert(t.users).values({
				customerId: owner.customerId,
				roleId: roleId(member.role),
				firstName: member.firstName,
				lastName: member.lastName,
				email: member.email,
				passwordHash: unusable,
				emailVerifiedAt: since,
				touredAt: since,
				createdAt: since,
			})
		}
		const sent = new Date(owner.createdAt.getTime() + (MEMBERS.length + 1) * SECOND)
		await tx.insert(t.invitations).values({
			customerId: owner.customerId,
			email: INVITED.email,
			firstName: INVITED.firstName,
			lastName: INVITED.lastName,
			roleId: roleId(INVITED.role),
			tokenHash: sha256(randomBytes(32).toString('base64url')),
			invitedBy: owner.id,
			expiresAt: new Date(sent.getTime() + INVITATION_DAYS * DAY),
			createdAt: sent,
		})
	})
}

const NEWEST = MEMBERS[MEMBERS.length - 1]

/** The team's newest member: the bell's "joined the team" names them. */
export const NEWEST_MEMBER = `${NEWEST.firstName} ${NEWEST.lastName}`
