import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { BusinessBody, BusinessPatchBody } from '../contract/business.ts'
import { Id } from '../contract/common.ts'
import { Customer } from '../contract/users.ts'
import type { Db } from '../db/client.ts'
import { customers, lgas, sectors } from '../db/schema.ts'
import type { Deps } from '../deps.ts'
import { type AuthUser, defineRoute } from '../http.ts'
import { ApiError, notFound } from '../errors.ts'
import { recordActivity, serializeCustomer } from '../services/accounts.ts'

const IdParams = z.object({ id: Id })

export async function ownCustomer(db: Db, auth: AuthUser, id: string) {
	if (id !== auth.customerId) throw notFound('business')
	const [row] = await db.select().from(customers).where(eq(customers.id, id))
	if (!row) throw notFound('business')
	return row
}

/** Sector, state and LGA must be ones we list. */
async function checkReferences(db: Db, body: { sector?: string; state?: string; lga?: string }, current?: { state: string | null }) {
	const errors: Array<{ path: string; message: string }> = []
	if (body.sector) {
		const [s] = await db.select().from(sectors).where(eq(sectors.name, body.sector))
		if (!s) errors.push({ path: 'sector', message: 'Choose a sector from the list.' })
	}
	const state = body.state ?? current?.state
	if (body.lga || body.state) {
		const [l] = await db
			.select()
			.from(lgas)
			.where(and(eq(lgas.state, state ?? ''), eq(lgas.name, body.lga ?? '')))
		if (!l) errors.push({ path: 'lga', message: 'Choose a local government area of the chosen state.' })
	}
	if (errors.length) throw new ApiError(400, errors[0]!.message, errors)
}

async function save(
	deps: Deps,
	auth: AuthUser,
	id: string,
	values: Partial<typeof customers.$inferInsert>,
	current: typeof customers.$inferSelect,
) {
	const sector = values.sector ?? current.sector
	const [row] = await deps.db
		.update(customers)
		.set({ ...values, meta: { ...current.meta, sector }, updatedAt: deps.now() })
		.where(eq(customers.id, id))
		.returning()
	await recordActivity(deps.db, {
		customerId: id,
		actorUserId: auth.id,
		type: 'business.updated',
		description: `${auth.firstName} updated the ${current.kind === 'business' ? 'business' : 'account'} details`,
	})
	return serializeCustomer(row!)
}

export const businessRoutes = [
	defineRoute({
		method: 'post',
		path: '/business/:id',
		summary: 'Submit KYC details: sector, registration, state and LGA, address and phone',
		tag: 'business',
		auth: 'user',
		permission: 'business.manage',
		params: IdParams,
		body: BusinessBody,
		response: Customer,
		handler: async ({ params, body, auth, deps }) => {
			const current = await ownCustomer(deps.db, auth, params.id)
			await checkReferences(deps.db, body)
			const isBusiness = current.kind === 'business'
			if (isBusiness && !body.business_type) {
				throw new ApiError(400, 'Choose how the business is registered.', [
					{ path: 'business_type', message: 'Choose how the business is registered.' },
				])
			}
			const registrationChanged =
				isBusiness && (body.business_type !== current.businessType || (body.registration_number ?? null) !== current.registrationNumber)
			const data = await save(
				deps,
				auth,
				params.id,
				{
					name: isBusiness && body.name ? body.name : current.name,
					sector: body.sector,
					businessType: isBusiness ? body.business_type : null,
					registrationNumber: isBusiness && body.business_type !== 'none' ? body.registration_number?.replace(/\s+/g, '') : null,
					state: body.state,
					lga: body.lga,
					address: body.address,
					phone: body.phone,
				},
				// A new registration number must be verified again.
				registrationChanged ? { ...current, meta: { ...current.meta, cac_verified: false } } : current,
			)
			// KYC is done the first time the details are submitted (a sector chosen); later submissions only change them.
			if (!current.sector)
				deps.analytics?.track(current.id, 'kyc completed', { kind: current.kind, sector: body.sector, state: body.state })
			return { data, message: 'Your details are saved.' }
		},
	}),
	defineRoute({
		method: 'patch',
		path: '/business/:id',
		summary: 'Change some business details',
		tag: 'business',
		auth: 'user',
		permission: 'business.manage',
		params: IdParams,
		body: BusinessPatchBody,
		response: Customer,
		handler: async ({ params, body, auth, deps }) => {
			const current = await ownCustomer(deps.db, auth, params.id)
			await checkReferences(deps.db, body, current)
			return { data: await save(deps, auth, params.id, body, current), message: 'Your details are saved.' }
		},
	}),
]
