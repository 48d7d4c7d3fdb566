import { expect, test } from 'vitest'
import { API_BASE_PATH, routes } from '#api/app.ts'
import { openApiPath } from '#api/openapi.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'

// GET /openapi.json is public, like the document it serves: there is no token case.

type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[]; additionalProperties?: unknown }
type Operation = {
	security: unknown[]
	responses: Record<string, unknown>
	requestBody?: unknown
	parameters?: Array<{ name: string; in: string }>
}

describeApi('openapi', () => {
	test('GET /openapi.json is an OpenAPI 3.1.0 document', async () => {
		const { call } = await testApi()
		const res = await call('GET', '/openapi.json')
		expect(res.status).toBe(200)
		expect(res.headers.get('content-type')).toContain('application/json')
		expect(res.body).toMatchObject({ openapi: '3.1.0', info: { title: 'Insurer API' }, servers: [{ url: API_BASE_PATH }] })
		expect(res.body.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer' })
	})

	test('every route of the registry is documented under its path and method', async () => {
		const { call } = await testApi()
		const { paths } = (await call('GET', '/openapi.json')).body as { paths: Record<string, Record<string, Operation>> }
		for (const route of routes) {
			const operation = paths[openApiPath(route.path)]?.[route.method]
			expect(operation, `${route.method.toUpperCase()} ${route.path}`).toBeDefined()
			expect(operation!.security).toEqual(route.auth === 'user' ? [{ bearer: [] }] : [])
			expect(Object.keys(operation!.responses)).toContain(String(route.status ?? 200))
			if (route.auth === 'user') expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(['401', '404']))
			expect(Boolean(operation!.requestBody)).toBe(Boolean(route.body ?? route.multipart))
			for (const name of Object.keys(route.params?.shape ?? {})) {
				expect(operation!.parameters).toContainEqual(expect.objectContaining({ name, in: 'path' }))
			}
		}
		const documented = Object.values(paths).reduce((n, methods) => n + Object.keys(methods).length, 0)
		expect(documented).toBeGreaterThanOrEqual(routes.length)
	})

	test('the routes that take uploads document their multipart/form-data parts', async () => {
		const { call } = await testApi()
		const { paths } = (await call('GET', '/openapi.json')).body as { paths: Record<string, Record<string, Operation>> }
		const formOf = (path: string) => {
			const body = paths[path]!.post!.requestBody as {
				required: boolean
				description?: string
				content: Record<string, { schema: Schema }>
			}
			expect(body.required).toBe(true)
			expect(Object.keys(body.content)).toEqual(['multipart/form-data'])
			return { description: body.description, schema: body.content['multipart/form-data']!.schema }
		}
		const binary = expect.objectContaining({ type: 'string', format: 'binary', maxLength: 5 * 1024 * 1024 })

		const preview = formOf('/purchases/batch/preview').schema
		expect(preview).toMatchObject({ type: 'object', properties: { file: binary, product_id: { type: 'integer' } } })
		expect(preview.properties!.period).toMatchObject({ type: 'string', enum: ['annual', 'bi-annual', 'quarterly', 'monthly'] })
		expect(preview.required).toEqual(['file', 'product_id', 'period'])

		const activate = formOf('/policies/{id}/activate')
		expect(activate.schema).toMatchObject({ type: 'object', properties: { file: binary } })
		expect(activate.schema.required ?? []).toEqual([])
		expect(activate.schema.additionalProperties).toEqual({
			anyOf: [expect.objectContaining({ type: 'string' }), binary],
		})
		expect((activate.schema.additionalProperties as { anyOf: Schema[] }).anyOf[0]).not.toHaveProperty('format')
		for (const source of ['GET /products/{id}', '`activation.fields`', '`activation.documents`', '`file`']) {
			expect(activate.description).toContain(source)
		}

		// JSON routes keep their JSON body.
		expect(Object.keys((paths['/purchases/batch']!.post!.requestBody as { content: object }).content)).toEqual(['application/json'])
	})

	test('a download documents the type it declares; a JSON route, its envelope', async () => {
		const { call } = await testApi()
		const { paths } = (await call('GET', '/openapi.json')).body as { paths: Record<string, Record<string, Operation>> }
		const contentOf = (path: string) => (paths[path]!.get!.responses['200'] as { content: Record<string, { schema: Schema }> }).content
		expect(contentOf('/transactions.csv')).toEqual({ 'text/csv': { schema: { type: 'string' } } })
		expect(contentOf('/policies/{id}/certificate')).toEqual({
			'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } },
		})
		expect(Object.keys(contentOf('/documents/{id}'))).toEqual(['application/octet-stream'])
		const wallet = contentOf('/wallet')['application/json']!.schema
		expect(wallet).toMatchObject({
			type: 'object',
			properties: { data: { type: 'object' }, message: { type: 'string' } },
			required: ['data'],
		})
	})

	test('every route the API serves is in the document', async () => {
		const { api, call } = await testApi()
		const { paths } = (await call('GET', '/openapi.json')).body as { paths: Record<string, Record<string, unknown>> }
		const served = api.routes.filter((r) => r.method !== 'ALL')
		expect(served.length).toBeGreaterThanOrEqual(routes.length)
		for (const r of served) {
			const path = openApiPath(r.path.slice(API_BASE_PATH.length))
			expect(paths[path]?.[r.method.toLowerCase()], `${r.method} ${r.path}`).toBeDefined()
		}
	})

	test('an unknown path answers 404 with the method and path', async () => {
		const { call } = await testApi()
		const res = await call('GET', '/no-such-thing')
		expect(res).toMatchObject({ status: 404, body: { message: 'No API route for GET /api/v1/no-such-thing.' } })
	})
})
