import { Verification, VerifyParams } from '../contract/documents.ts'
import { defineRoute } from '../http.ts'
import { verifyDocument } from '../services/documents.ts'

export const documentRoutes = [
	defineRoute({
		method: 'get',
		path: '/verify/:code',
		summary:
			"Public: confirms a certificate or receipt by the verification code printed on it (like 7KQ2-M9XD-4TAB; any case, dashes optional). It answers what the paper should say and only the holder's name of their details; an unknown code is a 404",
		tag: 'documents',
		auth: 'public',
		params: VerifyParams,
		response: Verification,
		handler: async ({ params, deps }) => ({ data: await verifyDocument(deps, params.code) }),
	}),
]
