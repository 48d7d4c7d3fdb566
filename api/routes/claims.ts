import { z } from 'zod'
import {
	Claim,
	ClaimDocumentParams,
	ClaimFileParams,
	ClaimListQuery,
	ClaimParams,
	ClaimPayoutBody,
	ClaimSummary,
	ClaimFile,
	CreateClaimBody,
	ClaimDetailsBody,
	EstimateBody,
	PayoutAccountBody,
	PayoutBank,
	PlanUsage,
	RejectOfferBody,
} from '../contract/claims.ts'
import { BanksResponse } from '../contract/withdrawals.ts'
import { HeldProducts, IdParams } from '../contract/purchases.ts'
import { defineDownload, defineRoute, type Env } from '../http.ts'
import type { Context } from 'hono'
import { heldProducts } from '../services/policies.ts'
import { lagosDate } from '../domain/policies.ts'
import { UPLOAD_MAX_BYTES } from '../storage/index.ts'
import {
	acceptOffer,
	choosePayout,
	createClaim,
	findClaim,
	listClaims,
	planUsage,
	readClaimFile,
	rejectOffer,
	resolvePayoutAccount,
	saveEstimate,
	serializeClaim,
	submitClaim,
	submitInspection,
	updateClaim,
	uploadClaimFile,
} from '../services/claims.ts'

/** The multipart form of a handler that reads its own files; null when the body is not one. */
export const formReader = (c: Context<Env>) => async () => {
	if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) return null
	try {
		return await c.req.formData()
	} catch {
		return null
	}
}

export const UploadForm = z.object({
	file: z
		.file()
		.max(UPLOAD_MAX_BYTES)
		.describe('The file: JPG, PNG or PDF for a document, JPG or PNG for a photo (told by its content), 5 MB at most'),
})

export const claimRoutes = [
	defineRoute({
		method: 'get',
		path: '/claims',
		summary:
			"The business's claims, newest first (at most 100): filter by status, product, policy, incident dates; q searches number, claimant, place and policy number",
		tag: 'claims',
		auth: 'user',
		permission: 'claims.view',
		query: ClaimListQuery,
		response: z.array(ClaimSummary),
		handler: async ({ query, auth, deps }) => ({ data: await listClaims(deps.db, auth.customerId, query) }),
	}),
	defineRoute({
		method: 'get',
		path: '/claims/products',
		summary:
			"The products the business holds cover of (any policy or plan, whatever its state), each once: the options of the claims list's product filter",
		tag: 'claims',
		auth: 'user',
		permission: 'claims.view',
		response: HeldProducts,
		handler: async ({ auth, deps }) => ({ data: await heldProducts(deps.db, auth.customerId) }),
	}),
	defineRoute({
		method: 'post',
		path: '/claims',
		summary:
			'Start a claim on an active policy: the incident (one of its product’s incident types), its date within the cover period, place, description and amount (within what is left of the limit). It is pending: a draft to complete with photos, an estimate and documents',
		tag: 'claims',
		auth: 'user',
		permission: 'claims.manage',
		verified: true,
		body: CreateClaimBody,
		response: Claim,
		status: 201,
		handler: async ({ body, auth, deps }) => {
			const claim = await createClaim(deps, auth, body)
			return { data: await serializeClaim(deps.db, claim), message: `Claim ${claim.claimNumber} started.` }
		},
	}),
	defineRoute({
		method: 'get',
		path: '/claims/:id',
		summary: 'One claim: its details, checklist of documents, photos, estimate, offer, limit, timeline and next step',
		tag: 'claims',
		auth: 'user',
		permission: 'claims.view',
		params: ClaimParams,
		response: Claim,
		handler: async ({ params, auth, deps }) => ({
			data: await serializeClaim(deps.db, await findClaim(deps.db, auth.customerId, params.id)),
		}),
	}),
	defineRoute({
		method: 'patch',
		path: '/claims/:id',
		summary: 'Change the details of a claim still being made',
		tag: 'claims',
		auth: 'user',
		permission: 'claims.manage',
		params: ClaimParams,
		body: ClaimDetailsBody,
		response: Claim,
		handler: async ({ params, body, auth, deps }) => ({
			data: await serializeClaim(deps.db, await updateClaim(deps, auth, params.id, body)),
			message: 'Claim saved.',
		}),
	}),
	defineRoute({
		method: 'put',
		path: '/claims/:id/estimate',
		summary: 'The repair estimate or hospital bill, as lines of parts, labour, bill or other; replaces any earlier one',
		tag: 'claims',
		auth: 'user',
		permission: 'claims.manage',
		params: ClaimParams,
		body: EstimateBody,
		response: Claim,
		handler: async ({ params, body, auth, deps }) => ({
			data: await serializeClaim(deps.db, await saveEstimate(deps, auth, params.id, body.lines)),
			message: 'Estimate saved.',
		}),
	}),
	defineRoute({
		method: 'post',
		path: '/claims/:id/files/:name',
		summary:
			'Upload one document of the claim’s checklist (by its name) or one photo of the damage (damage_1 to damage_6), multipart/form-data with the file as `file`; it replaces an earlier one of the same name. Refused files (wrong bytes, over 5 MB) store nothing',
		tag: 'claims',
		auth: 'user',
		permission: 'claims.manage',
		verified: true,
		params: ClaimDocumentParams,
		multipart: { schema: UploadForm },
		response: ClaimFile,
		status: 201,
		handler: async ({ params, auth, deps, c }) => {
			const f = await uploadClaimFile(deps, auth, params.id, params.name, formReader(c))
			return {
				data: { id: f.id, field: f.field, filename: f.filename, media_type: f.mediaType, size: f.size },
				message: `${f.filename} uploaded.`,
			}
		},
	}),
	defineRoute({
		method: 'post',
		path: '/claims/:id/inspection',
		summary: 'The photos of the damage are in: a pending claim becomes inspection submitted',
		tag: 'claims',
		auth: 'user',
		permission: 'claims.manage',
		params: ClaimParams,
		response: Claim,
		handler: async ({ params, auth, deps }) => ({
			data: await serializeClaim(deps.db, await submitInspection(deps, auth, params.id)),
			message: 'Photos submitted.',
		}),
	}),
	defineRoute({
		method: 'post',
		path: '/claims/:id/submit',
		summary: 'Submit the claim for review once its photos, estimate and every document of its checklist are in',
		tag: 'claims',
		auth: 'user',
		permission: 'claims.manage',
		params: ClaimParams,
		response: Claim,
		handler: async ({ params, auth, deps }) => ({
			data: await serializeClaim(deps.db, await submitClaim(deps, auth, params.id)),
			message: 'Claim submitted: our claims desk will review it.',
		}),
	}),
	defineRoute({
		method: 'post',
		path: '/claims/:id/offer/accept',
		summary: 'Accept the offer: it is paid where the claimant chose (the wallet unless a bank account was chosen)',
		tag: 'claims',
		auth: 'user',
		permission: 'claims.manage',
		params: ClaimParams,
		response: Claim,
		handler: async ({ params, auth, deps }) => ({
			data: await serializeClaim(deps.db, await acceptOffer(deps, auth, params.id)),
			message: 'Offer accepted: we will pay it shortly.',
		}),
	}),
	defineRoute({
		method: 'post',
		path: '/claims/:id/offer/reject',
		summary: 'Reject the offer, with a comment for the claims desk',
		tag: 'claims',
		auth: 'user',
		permission: 'claims.manage',
		params: ClaimParams,
		body: RejectOfferBody,
		response: Claim,
		handler: async ({ params, body, auth, deps }) => ({
			data: await serializeClaim(deps.db, await rejectOffer(deps, auth, params.id, body.comment)),
			message: 'Offer rejected: our claims desk will look at it again.',
		}),
	}),
	defineRoute({
		method: 'get',
		path: '/payout-banks',
		summary: 'The banks a claim can be paid into',
		tag: 'claims',
		auth: 'user',
		permission: 'claims.manage',
		response: BanksResponse,
		handler: async ({ deps }) => ({ data: await deps.payments.listBanks() }),
	}),
	defineRoute({
		method: 'post',
		path: '/claims/:id/payout/resolve',
		summary: 'The name the bank gives an account, for the claimant to confirm before choosing it for the payout',
		tag: 'claims',
		auth: 'user',
		permission: 'claims.manage',
		params: ClaimParams,
		body: PayoutAccountBody,
		response: PayoutBank,
		handler: async ({ params, body, auth, deps }) => ({ data: await resolvePayoutAccount(deps, auth, params.id, body) }),
	}),
	defineRoute({
		method: 'put',
		path: '/claims/:id/payout',
		summary:
			'Where the offer is paid: the wallet, or a bank account with the name the claimant confirmed (resolved again; 409 when the bank names it otherwise). Once an offer is sent and until paid, not while a transfer is under way',
		tag: 'claims',
		auth: 'user',
		permission: 'claims.manage',
		params: ClaimParams,
		body: ClaimPayoutBody,
		response: Claim,
		handler: async ({ params, body, auth, deps }) => ({
			data: await serializeClaim(deps.db, await choosePayout(deps, auth, params.id, body)),
			message: body.method === 'bank' ? `We will pay into ${body.account_name}'s account.` : 'We will pay into your wallet.',
		}),
	}),
	defineDownload({
		method: 'get',
		path: '/claims/:id/files/:fileId',
		summary: 'A file of the claim, to its own business only',
		tag: 'claims',
		auth: 'user',
		permission: 'claims.view',
		params: ClaimFileParams,
		download: { contentType: 'application/octet-stream', filename: 'file' },
		handler: async ({ params, auth, deps }) => {
			await findClaim(deps.db, auth.customerId, params.id)
			const { file, bytes } = await readClaimFile(deps, auth.customerId, params.fileId)
			return { content: bytes, filename: file.filename, contentType: file.mediaType }
		},
	}),
	defineRoute({
		method: 'get',
		path: '/policies/:id/usage',
		summary: "A policy's claims against its limits: per member and per incident type",
		tag: 'claims',
		auth: 'user',
		permission: 'claims.view',
		params: IdParams,
		response: PlanUsage,
		handler: async ({ params, auth, deps }) => ({ data: await planUsage(deps.db, auth.customerId, params.id, lagosDate(deps.now())) }),
	}),
]
