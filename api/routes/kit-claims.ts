import { z } from 'zod'
import { Claim, ClaimDetailsBody, ClaimFile, EstimateBody } from '../contract/claims.ts'
import { KitClaim } from '../contract/kit.ts'
import { defineRoute } from '../http.ts'
import { serializeClaim } from '../services/claims.ts'
import { sessionRow } from '../services/kit.ts'
import { kitClaim, saveKitClaim, saveKitClaimEstimate, submitKitClaim, uploadKitClaimFile } from '../services/kit-claims.ts'
import { formReader, UploadForm } from './claims.ts'

// The kit's claim (issue 16, docs/decisions/122-kit-claims.md): a claim session of a partner makes one
// claim on its policy. The session's id is the credential, as for the kit's inspection (decision 106).

const KitSessionParams = z.object({ id: z.uuid({ message: 'Not a valid id.' }) })
const KitClaimFileParams = KitSessionParams.extend({
	name: z.string().regex(/^[a-z0-9_]{1,60}$/, 'Not a document of this claim.'),
})

export const kitClaimRoutes = [
	defineRoute({
		method: 'get',
		path: '/kit/sessions/:id/claim',
		summary: "A claim session's policy, and the claim made through it once there is one",
		tag: 'kit',
		auth: 'public',
		params: KitSessionParams,
		response: KitClaim,
		handler: async ({ params, deps }) => ({ data: await kitClaim(deps, await sessionRow(deps, params.id, { closed: true })) }),
	}),
	defineRoute({
		method: 'post',
		path: '/kit/sessions/:id/claim',
		summary: "What happened, in a claim session: the claim is made on the session's policy, or its details changed while it is a draft",
		tag: 'kit',
		auth: 'public',
		params: KitSessionParams,
		body: ClaimDetailsBody,
		response: Claim,
		handler: async ({ params, body, deps }) => {
			const claim = await saveKitClaim(deps, await sessionRow(deps, params.id), body)
			return { data: await serializeClaim(deps.db, claim), message: `Claim ${claim.claimNumber} saved.` }
		},
	}),
	defineRoute({
		method: 'post',
		path: '/kit/sessions/:id/claim/files/:name',
		summary:
			"Upload one document of a claim session's checklist or one photo of the damage (damage_1 to damage_6), multipart/form-data with the file as `file`",
		tag: 'kit',
		auth: 'public',
		params: KitClaimFileParams,
		multipart: { schema: UploadForm },
		response: ClaimFile,
		status: 201,
		handler: async ({ params, deps, c }) => {
			const f = await uploadKitClaimFile(deps, await sessionRow(deps, params.id), params.name, formReader(c))
			return {
				data: { id: f.id, field: f.field, filename: f.filename, media_type: f.mediaType, size: f.size },
				message: `${f.filename} uploaded.`,
			}
		},
	}),
	defineRoute({
		method: 'put',
		path: '/kit/sessions/:id/claim/estimate',
		summary: "The estimate or bill of a claim session's claim, line by line, within the policy's limit",
		tag: 'kit',
		auth: 'public',
		params: KitSessionParams,
		body: EstimateBody,
		response: Claim,
		handler: async ({ params, body, deps }) => ({
			data: await serializeClaim(deps.db, await saveKitClaimEstimate(deps, await sessionRow(deps, params.id), body.lines)),
			message: 'Estimate saved.',
		}),
	}),
	defineRoute({
		method: 'post',
		path: '/kit/sessions/:id/claim/submit',
		summary:
			"Send a claim session's claim to the claims desk: the session completes and the partner's webhook (kit.claim.submitted) is queued",
		tag: 'kit',
		auth: 'public',
		params: KitSessionParams,
		response: Claim,
		handler: async ({ params, deps }) => ({
			data: await serializeClaim(deps.db, await submitKitClaim(deps, await sessionRow(deps, params.id))),
			message: 'Claim submitted: our claims desk will review it.',
		}),
	}),
]
