import { z } from 'zod'
import {
	Claim,
	ClaimFileParams,
	ClaimParams,
	ClaimSummary,
	DeskDecisionBody,
	DeskQueueQuery,
	DeskSession,
	DeskSignInBody,
	OfferBody,
} from '../contract/claims.ts'
import { defineDownload, defineRoute } from '../http.ts'
import {
	approvePayout,
	decideClaim,
	findClaim,
	listClaims,
	payClaim,
	readClaimFile,
	sendOffer,
	serializeClaim,
	settleClaim,
} from '../services/claims.ts'
import { passwordSignIn } from './auth.ts'

// The insurer's claims desk (docs/decisions/071-claims-desk-operators.md): only its operators hold desk.* permissions.

export const deskRoutes = [
	defineRoute({
		method: 'post',
		path: '/desk/sign-in',
		summary: 'Sign in an operator of the claims desk; customers’ accounts are refused (403)',
		tag: 'desk',
		auth: 'public',
		body: DeskSignInBody,
		response: DeskSession,
		handler: async ({ body, deps, c }) => {
			const { user, token } = await passwordSignIn(deps, c, body, true)
			return { data: { token, operator: { id: user.id, name: `${user.firstName} ${user.lastName}`, email: user.email } } }
		},
	}),
	defineRoute({
		method: 'get',
		path: '/desk/claims',
		summary: 'The queue: every business’s claims, oldest change first (at most 100), by status',
		tag: 'desk',
		auth: 'user',
		permission: 'desk.review',
		query: DeskQueueQuery,
		response: z.array(ClaimSummary),
		handler: async ({ query, deps }) => ({ data: await listClaims(deps.db, null, query) }),
	}),
	defineRoute({
		method: 'get',
		path: '/desk/claims/:id',
		summary: 'One claim as the desk reviews it, with its business',
		tag: 'desk',
		auth: 'user',
		permission: 'desk.review',
		params: ClaimParams,
		response: Claim,
		handler: async ({ params, deps }) => ({ data: await serializeClaim(deps.db, await findClaim(deps.db, null, params.id), 'operator') }),
	}),
	defineRoute({
		method: 'post',
		path: '/desk/claims/:id/decision',
		summary: 'Approve, decline (with a reason code) or ask for more documents (with a note) on a documented claim',
		tag: 'desk',
		auth: 'user',
		permission: 'desk.review',
		params: ClaimParams,
		body: DeskDecisionBody,
		response: Claim,
		handler: async ({ params, body, auth, deps }) => ({
			data: await serializeClaim(deps.db, await decideClaim(deps, auth, params.id, body), 'operator'),
			message: body.decision === 'approve' ? 'Claim approved.' : body.decision === 'decline' ? 'Claim declined.' : 'Documents requested.',
		}),
	}),
	defineRoute({
		method: 'post',
		path: '/desk/claims/:id/offer',
		summary:
			'Send an offer on an approved claim (or after a rejection): the assessed loss, its parts share and the age of the item; the excess and betterment are deducted',
		tag: 'desk',
		auth: 'user',
		permission: 'desk.review',
		params: ClaimParams,
		body: OfferBody,
		response: Claim,
		handler: async ({ params, body, auth, deps }) => ({
			data: await serializeClaim(deps.db, await sendOffer(deps, auth, params.id, body), 'operator'),
			message: 'Offer sent.',
		}),
	}),
	defineRoute({
		method: 'post',
		path: '/desk/claims/:id/approve-payout',
		summary: 'Approve the payout of an accepted offer above CLAIM_PAYOUT_THRESHOLD; another operator then pays it',
		tag: 'desk',
		auth: 'user',
		permission: 'desk.pay',
		params: ClaimParams,
		response: Claim,
		handler: async ({ params, auth, deps }) => ({
			data: await serializeClaim(deps.db, await approvePayout(deps, auth, params.id), 'operator'),
			message: 'Payout approved: another operator can now pay it.',
		}),
	}),
	defineRoute({
		method: 'post',
		path: '/desk/claims/:id/pay',
		summary:
			'Pay an accepted offer through the ledger, once (a repeat answers the payment): into the customer’s wallet, or by a bank transfer to the account they chose, which is paid when the bank confirms it',
		tag: 'desk',
		auth: 'user',
		permission: 'desk.pay',
		params: ClaimParams,
		response: Claim,
		handler: async ({ params, auth, deps }) => {
			const claim = await serializeClaim(deps.db, await payClaim(deps, auth, params.id), 'operator')
			return {
				data: claim,
				message:
					claim.status === 'paid' || claim.status === 'settled'
						? 'Claim paid.'
						: claim.payout.status === 'failed'
							? `The bank did not accept the transfer: ${claim.payout.failure_reason}`
							: 'Transfer sent to the bank: the claim is paid when the bank confirms it.',
			}
		},
	}),
	defineRoute({
		method: 'post',
		path: '/desk/claims/:id/settle',
		summary: 'Close a paid claim',
		tag: 'desk',
		auth: 'user',
		permission: 'desk.review',
		params: ClaimParams,
		response: Claim,
		handler: async ({ params, auth, deps }) => ({
			data: await serializeClaim(deps.db, await settleClaim(deps, auth, params.id), 'operator'),
			message: 'Claim settled.',
		}),
	}),
	defineDownload({
		method: 'get',
		path: '/desk/claims/:id/files/:fileId',
		summary: 'A file of any claim, for review',
		tag: 'desk',
		auth: 'user',
		permission: 'desk.review',
		params: ClaimFileParams,
		download: { contentType: 'application/octet-stream', filename: 'file' },
		handler: async ({ params, deps }) => {
			const { file, bytes } = await readClaimFile(deps, null, params.fileId)
			return { content: bytes, filename: file.filename, contentType: file.mediaType }
		},
	}),
]
