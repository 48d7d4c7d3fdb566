import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { CacConfirmBody, CacLookupResponse } from '../contract/cac.ts'
import { Id } from '../contract/common.ts'
import { isRegistrationNumber, normalizeRegistrationNumber, registrationNumberMessage } from '../contract/registration-rule.ts'
import { Customer } from '../contract/users.ts'
import { customers } from '../db/schema.ts'
import type { Deps } from '../deps.ts'
import { type AuthUser, defineRoute } from '../http.ts'
import { ApiError } from '../errors.ts'
import { recordActivity, serializeCustomer } from '../services/accounts.ts'
import { ownCustomer } from './business.ts'

const IdParams = z.object({ id: Id })

export const CAC_NOT_FOUND = 'We could not find a company with that registration number. Check it and try again.'
const numberError = (message: string) => new ApiError(400, message, [{ path: 'registration_number', message }])

/** The company registered under the business's saved type and number, from the CAC adapter. */
async function registeredCompany(deps: Deps, auth: AuthUser, id: string) {
	const customer = await ownCustomer(deps.db, auth, id)
	if (customer.kind !== 'business') throw new ApiError(400, 'Only a business account can be verified with the CAC.')
	const type = customer.businessType
	if (!type || type === 'none' || !customer.registrationNumber) {
		throw numberError('Add the CAC registration number to your business details first.')
	}
	if (!isRegistrationNumber(type, customer.registrationNumber)) throw numberError(registrationNumberMessage(type))
	const company = await deps.cac.lookup({ businessType: type, registrationNumber: customer.registrationNumber })
	if (!company) throw numberError(CAC_NOT_FOUND)
	return { customer, company }
}

/** Names compare as a person reads them: case and spacing aside. */
const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase()

export const cacRoutes = [
	defineRoute({
		method: 'post',
		path: '/business/:id/cac/lookup',
		summary: "Look up the business's saved registration number with the CAC; answers the registered name to confirm",
		tag: 'business',
		auth: 'user',
		permission: 'business.manage',
		params: IdParams,
		response: CacLookupResponse,
		handler: async ({ params, auth, deps }) => {
			const { company } = await registeredCompany(deps, auth, params.id)
			return {
				data: {
					name: company.name,
					registration_number: normalizeRegistrationNumber(company.registrationNumber),
					business_type: company.businessType,
				},
			}
		},
	}),
	defineRoute({
		method: 'post',
		path: '/business/:id/cac/confirm',
		summary: 'Confirm the registered name: the business is CAC-verified and takes that name',
		tag: 'business',
		auth: 'user',
		permission: 'business.manage',
		params: IdParams,
		body: CacConfirmBody,
		response: Customer,
		handler: async ({ params, body, auth, deps }) => {
			// Looked up again: the registry, not the request, says what the registered name is.
			const { customer, company } = await registeredCompany(deps, auth, params.id)
			if (!sameName(body.name, company.name)) {
				const message = 'That is not the name registered with this number. Look the number up again.'
				throw new ApiError(400, message, [{ path: 'name', message }])
			}
			const message = 'Your business is verified with the CAC.'
			if (customer.meta.cac_verified && customer.name === company.name) return { data: serializeCustomer(customer), message }
			const [row] = await deps.db
				.update(customers)
				.set({ name: company.name, meta: { ...customer.meta, cac_verified: true }, updatedAt: deps.now() })
				.where(eq(customers.id, customer.id))
				.returning()
			await recordActivity(deps.db, {
				customerId: customer.id,
				actorUserId: auth.id,
				type: 'business.cac_verified',
				description: `${auth.firstName} verified the business with the CAC as ${company.name} (${customer.registrationNumber})`,
			})
			return { data: serializeCustomer(row!), message }
		},
	}),
]
