import { z } from 'zod'
import { formatDay } from '../contract/dates.ts'
import { formatNairaFull } from '../contract/money.ts'
import {
	DocumentParams,
	IdParams,
	PoliciesQuery,
	PoliciesResponse,
	Policy,
	PolicyDetail,
	PurchaseResult,
	RenewalOffer,
	RenewalQuery,
	RenewBody,
} from '../contract/purchases.ts'
import { defineDownload, defineRoute } from '../http.ts'
import { UPLOAD_MAX_BYTES } from '../storage/index.ts'
import { checkoutUrl } from '../services/payments.ts'
import { activatePolicy, readDocument } from '../services/activation.ts'
import { ApiError } from '../errors.ts'
import { serializePurchase } from '../services/purchases.ts'
import { findPolicy, listPolicies, liveEvents, serializePolicy } from '../services/policies.ts'
import { policyDetail } from '../services/policy-detail.ts'
import { renewalOffer, serializeOffer, startRenewal } from '../services/renewals.ts'
import { staffSheet } from '../services/batch.ts'
import { certificatePdf } from '../services/documents.ts'

/**
 * The parts of POST /policies/:id/activate, for the OpenAPI document: activatePolicy reads and checks
 * them. A policy's parts differ by product, so they are open here and named by the product.
 */
const ActivationForm = z
	.object({
		file: z
			.file()
			.max(UPLOAD_MAX_BYTES)
			.optional()
			.describe(
				"A staff plan's activation sheet, CSV or XLSX (told by its content): email and date_of_birth of each member of its staff, once each, as GET /policies/{id}/staff-sheet gives it. A staff plan sends only this",
			),
	})
	.catchall(
		z.union([
			z.string().describe('An activation field, named by the product'),
			z
				.file()
				.max(UPLOAD_MAX_BYTES)
				.describe(
					'An activation document, named by the product: JPG, PNG or PDF as its `accept` allows (told by its content: a picture must decode, up to 50 megapixels, and is stored re-encoded without its metadata; a PDF needs its header and %%EOF and no HTML), 5 MB at most',
				),
		]),
	)

const ACTIVATION_FORM_DESCRIPTION =
	"A policy sends its product's activation parts: each of GET /products/{id} `activation.fields` as a string part and each of its `activation.documents` as a file part, under their `name`. A staff plan sends its activation sheet as `file`."

export const policyRoutes = [
	defineRoute({
		method: 'get',
		path: '/policies',
		summary:
			"A page of the business's policies and staff plans, newest first, with the spec's status flags; `status` keeps those whose flag holds (pending, active, paused, expired, deactivated, terminated, to_be_deactivated, to_be_terminated, to_be_removed), `kind` policies or staff plans. `total` counts up to 1,001: past 1,000 the pages reach that far and a status filter the rest",
		tag: 'policies',
		auth: 'user',
		permission: 'plans.view',
		query: PoliciesQuery,
		response: PoliciesResponse,
		handler: async ({ auth, deps, query }) => ({ data: await listPolicies(deps.db, auth.customerId, deps.now(), query) }),
	}),
	defineRoute({
		method: 'get',
		path: '/policies/:id',
		summary: 'One policy or plan, with its activation details, documents and quote',
		tag: 'policies',
		auth: 'user',
		permission: 'plans.view',
		params: IdParams,
		response: PolicyDetail,
		handler: async ({ params, auth, deps }) => ({ data: await policyDetail(deps, auth.customerId, params.id) }),
	}),
	defineDownload({
		method: 'get',
		path: '/policies/:id/certificate',
		summary:
			"The certificate of insurance, a PDF: the insurer, the policyholder, the policy, what the cover is for (the vehicle, the device, the insured person or trip, a staff plan's members) and a verification code that GET /verify/{code} confirms. A pending policy has none yet (409)",
		tag: 'policies',
		auth: 'user',
		permission: 'plans.view',
		params: IdParams,
		download: { contentType: 'application/pdf', filename: 'certificate.pdf' },
		handler: async ({ params, auth, deps }) => {
			return certificatePdf(deps, auth.customerId, params.id)
		},
	}),
	defineDownload({
		method: 'get',
		path: '/policies/:id/staff-sheet',
		summary:
			"A staff plan's activation sheet, CSV: first_name,last_name,email,date_of_birth for each member of its staff, the dates already known filled in. A policy has none (404)",
		tag: 'policies',
		auth: 'user',
		permission: 'plans.view',
		params: IdParams,
		download: { contentType: 'text/csv', filename: 'staff-sheet.csv' },
		handler: async ({ params, auth, deps }) => {
			const { csv, filename } = await staffSheet(deps.db, auth.customerId, params.id)
			return { content: csv, filename }
		},
	}),
	defineRoute({
		method: 'post',
		path: '/policies/:id/activate',
		summary:
			"Activate a pending policy: multipart/form-data with the product's activation fields and documents (JPG, PNG or PDF, told by their content, 5 MB at most each; pictures are stored re-encoded). A staff plan takes its activation sheet instead, as file (CSV or XLSX: email and date_of_birth of each member of its staff, once each; each row's problem at rows.<row>.<field>). The policy or plan becomes active; own-damage auto cover (comprehensive, mini, monthly comprehensive) stays pending until its pre-inspection is approved",
		tag: 'policies',
		auth: 'user',
		permission: 'plans.manage',
		verified: true,
		params: IdParams,
		multipart: { schema: ActivationForm, description: ACTIVATION_FORM_DESCRIPTION },
		response: Policy,
		handler: async ({ params, auth, deps, c }) => {
			const readForm = async () => {
				if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) return null
				try {
					return await c.req.formData()
				} catch {
					return null
				}
			}
			await activatePolicy(deps, auth, params.id, readForm)
			const { policy, custodian } = await findPolicy(deps.db, auth.customerId, params.id)
			deps.analytics?.track(auth.customerId, 'policy activated', { product_id: policy.productId, kind: policy.kind })
			const message =
				policy.kind === 'plan'
					? `Staff plan ${policy.policyNumber} is active.`
					: policy.status === 'pending'
						? `Policy ${policy.policyNumber} is waiting for its pre-inspection: cover starts once it is approved.`
						: `Policy ${policy.policyNumber} is active.`
			return { data: serializePolicy(policy, custodian, deps.now()), message }
		},
	}),
	defineRoute({
		method: 'get',
		path: '/policies/:id/renewal',
		summary:
			"What renewing a policy costs today and the cover it buys: priced from the policy's own quote fields at today's rates for `period` (one its product offers; the policy's period, or the one booked for its next renewal, by default). `renewable` says whether it may be renewed today: from 14 days before cover ends to 30 days after (docs/decisions/091-renewals.md)",
		tag: 'policies',
		auth: 'user',
		permission: 'plans.view',
		params: IdParams,
		query: RenewalQuery,
		response: RenewalOffer,
		handler: async ({ params, query, auth, deps }) => {
			const { policy } = await findPolicy(deps.db, auth.customerId, params.id)
			if (policy.kind !== 'policy' || policy.period === null)
				throw new ApiError(404, 'This cover is not renewed: a staff plan is billed, a trip ends.')
			return { data: serializeOffer(await renewalOffer(deps.db, policy, deps.now(), query.period)) }
		},
	}),
	defineRoute({
		method: 'post',
		path: '/policies/:id/renew',
		summary:
			'Renew a policy for `period`, paid like a purchase: from the wallet at once, or through the gateway (the answer holds the checkout; the renewal happens when the payment is confirmed). The policy keeps its number; its cover runs on to the end of the new period. The same idempotency_key renews once. 409 outside the renewal window',
		tag: 'policies',
		auth: 'user',
		permission: 'products.buy',
		verified: true,
		params: IdParams,
		body: RenewBody,
		response: PurchaseResult,
		status: 201,
		handler: async ({ params, body, auth, deps }) => {
			const { policy: current, custodian } = await findPolicy(deps.db, auth.customerId, params.id)
			const { purchase, policy, payment } = await startRenewal(deps, auth, current, body)
			const events = policy ? await liveEvents(deps.db, { customerId: auth.customerId, policyId: policy.id }) : []
			return {
				data: {
					purchase: serializePurchase(purchase),
					policy: policy ? serializePolicy(policy, custodian, deps.now(), events) : null,
					payment: payment ? { reference: payment.reference, authorization_url: checkoutUrl(payment) } : null,
				},
				message:
					purchase.status === 'paid'
						? `Renewed for ${formatNairaFull(purchase.amount)}: policy ${current.policyNumber} now covers you to ${formatDay(policy!.coverEnd)}.`
						: `Pay ${formatNairaFull(purchase.amount)} on the checkout page to renew.`,
			}
		},
	}),
	defineDownload({
		method: 'get',
		path: '/documents/:id',
		summary: 'An uploaded document, to its own business only',
		tag: 'policies',
		auth: 'user',
		permission: 'plans.view',
		params: DocumentParams,
		download: { contentType: 'application/octet-stream', filename: 'document' },
		handler: async ({ params, auth, deps }) => {
			const { doc, bytes } = await readDocument(deps, auth.customerId, params.id)
			return { content: bytes, filename: doc.filename, contentType: doc.mediaType }
		},
	}),
]
