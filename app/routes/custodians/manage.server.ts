import { orNotFound } from '#app/server/api-errors.server.ts'
import type { InsurerCalls } from '#app/server/insurer.server.ts'

/** The custodian of the purchase in the URL; another business's purchase is a 404 page. */
export async function loadCustodianship(api: InsurerCalls, purchaseId: string) {
	return (await orNotFound(api.getCustodianship(purchaseId), 'We could not find a policy for that purchase.')).data
}
