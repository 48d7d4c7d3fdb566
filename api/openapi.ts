import { z } from 'zod'
import { ErrorResponse, envelope } from './contract/common.ts'
import type { AnyRoute, DownloadType } from './http.ts'

const toJson = (schema: z.ZodType, io: 'input' | 'output') =>
	z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' })

/** A download's body: text as a string, bytes as binary content (OpenAPI 3.1 describes them with contentMediaType). */
const fileSchema = (type: DownloadType) => (type.startsWith('text/') ? { type: 'string' } : { type: 'string', contentMediaType: type })

/** Where the API serves this document, below /api/v1. */
export const OPENAPI_PATH = '/openapi.json'

/** Hono's `/users/:id` as OpenAPI's `/users/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}')

/** The OpenAPI 3.1 document, generated from the same zod schemas the routes validate with. */
export function buildOpenApi(routes: AnyRoute[], extraPaths: Record<string, Record<string, unknown>> = {}) {
	const paths: Record<string, Record<string, unknown>> = { ...extraPaths }
	for (const r of routes) {
		const parameters = [
			...Object.keys((r.params as z.ZodObject | undefined)?.shape ?? {}).map((name) => ({
				name,
				in: 'path',
				required: true,
				schema: { type: 'string' },
			})),
			...Object.entries((r.query as z.ZodObject | undefined)?.shape ?? {}).map(([name, schema]) => ({
				name,
				in: 'query',
				required: !(schema as z.ZodType).safeParse(undefined).success,
				schema: toJson(schema as z.ZodType, 'input'),
			})),
		]
		const errors: Record<string, unknown> = {
			'400': { description: 'Bad input', content: { 'application/json': { schema: toJson(ErrorResponse, 'output') } } },
		}
		if (r.auth === 'user') {
			errors['401'] = { description: 'Missing authorization or invalid token' }
			errors['404'] = { description: 'Not found, or not of your business' }
			const needs = [r.permission && `the ${r.permission} permission`, r.verified && 'a verified email'].filter(Boolean)
			if (needs.length) errors['403'] = { description: `Needs ${needs.join(' and ')}` }
		}
		paths[openApiPath(r.path)] ??= {}
		paths[openApiPath(r.path)]![r.method] = {
			summary: r.summary,
			tags: [r.tag],
			operationId: `${r.method}${openApiPath(r.path).replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
			security: r.auth === 'user' ? [{ bearer: [] }] : [],
			...(parameters.length ? { parameters } : {}),
			...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: toJson(r.body, 'input') } } } } : {}),
			...(r.multipart
				? {
						requestBody: {
							required: true,
							...(r.multipart.description ? { description: r.multipart.description } : {}),
							content: { 'multipart/form-data': { schema: toJson(r.multipart.schema, 'input') } },
						},
					}
				: {}),
			responses: {
				[String(r.status ?? 200)]: {
					description: 'download' in r ? `The file ${r.download.filename}` : 'Success',
					content:
						'download' in r
							? { [r.download.contentType]: { schema: fileSchema(r.download.contentType) } }
							: { 'application/json': { schema: toJson(envelope(r.response), 'output') } },
				},
				...errors,
			},
		}
	}
	// The document is served too, so it lists itself: every path the API answers is in it.
	paths[OPENAPI_PATH] = {
		get: {
			summary: 'This OpenAPI 3.1 document',
			tags: ['meta'],
			operationId: 'getOpenapiJson',
			security: [],
			responses: { '200': { description: 'Success', content: { 'application/json': { schema: { type: 'object' } } } } },
		},
	}
	return {
		openapi: '3.1.0',
		info: { title: 'Insurer API', version: '1.0.0' },
		servers: [{ url: '/api/v1' }],
		components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
		paths,
	}
}
