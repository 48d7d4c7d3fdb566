// Type-level tests, checked by `tsc` (npm run typecheck): each @ts-expect-error must stay an error.
import { z } from 'zod'
import { defineDownload, defineRoute } from './http.ts'

const Answer = z.object({ id: z.string(), confirmed: z.literal(true), note: z.string().nullable() })
const base = { method: 'get', path: '/probe', summary: 'A probe', tag: 'probe', auth: 'user' } as const

// A literal the contract names needs `as const`: against a generic contract TypeScript widens `true` to boolean.
defineRoute({
	...base,
	response: Answer,
	handler: async () => ({ data: { id: 'a', confirmed: true as const, note: null }, message: 'Done.' }),
})

// @ts-expect-error data: null where the contract promises an object
defineRoute({ ...base, response: Answer, handler: async () => ({ data: null }) })

defineRoute({
	...base,
	response: Answer,
	// @ts-expect-error a boolean where the contract says true
	handler: async () => ({ data: { id: 'a', confirmed: Boolean(1), note: null } }),
})

defineRoute({
	...base,
	response: Answer,
	// @ts-expect-error a field named otherwise than the contract names it
	handler: async () => ({ data: { ID: 'a', confirmed: true, note: null } }),
})

defineRoute({
	...base,
	response: z.array(Answer),
	// @ts-expect-error a Date where the contract says a string
	handler: async () => ({ data: [{ id: new Date(), confirmed: true, note: null }] }),
})

defineRoute({
	...base,
	params: z.object({ id: z.uuid() }),
	response: Answer,
	// @ts-expect-error a field the contract requires is missing
	handler: async ({ params }) => ({ data: { id: params.id, confirmed: true as const } }),
})

defineDownload({ ...base, download: { contentType: 'text/csv', filename: 'a.csv' }, handler: async () => ({ content: 'a,b\n' }) })
defineDownload({
	...base,
	download: { contentType: 'application/pdf', filename: 'a.pdf' },
	handler: async () => ({ content: new Uint8Array([37, 80, 68, 70]), filename: 'b.pdf' }),
})

defineDownload({
	...base,
	download: { contentType: 'application/pdf', filename: 'a.pdf' },
	// @ts-expect-error a PDF is bytes, not text
	handler: async () => ({ content: '%PDF' }),
})

// @ts-expect-error a download declares its type, and only a known one
defineDownload({ ...base, download: { contentType: 'text/html', filename: 'a.html' }, handler: async () => ({ content: '<p>' }) })

// @ts-expect-error a JSON route answers data, not a file
defineRoute({ ...base, response: Answer, handler: async () => ({ content: 'a,b\n' }) })
