import { describe, expect, test } from 'vitest'
import { serverLinks } from './server-links.ts'

// The server's build takes link.server.tsx wherever a page imports link.tsx; the browser's keeps link.tsx.
type Resolve = (this: unknown, source: string, importer: string | undefined, options: object) => Promise<{ id: string } | null>

function resolveIn(environment: string, resolvedTo: string) {
	const plugin = serverLinks()
	const context = { environment: { name: environment, mode: 'build' }, resolve: async () => ({ id: resolvedTo }) }
	return (source: string, importer = '/repo/app/routes/home/index.tsx') => (plugin.resolveId as Resolve).call(context, source, importer, {})
}

describe('server-links', () => {
	test('the server gets the server module for the portal’s link module', async () => {
		const resolve = resolveIn('ssr', '/repo/app/components/ui/link.tsx')
		expect((await resolve('#app/components/ui/link.tsx'))?.id).toBe('/repo/app/components/ui/link.server.tsx')
		expect((await resolve('./link.tsx', '/repo/app/components/ui/form.tsx'))?.id).toBe('/repo/app/components/ui/link.server.tsx')
	})

	test('the browser keeps it, and other modules named link.tsx are left alone', async () => {
		expect(await resolveIn('client', '/repo/app/components/ui/link.tsx')('#app/components/ui/link.tsx')).toBeNull()
		expect(await resolveIn('ssr', '/repo/app/routes/help/link.tsx')('./link.tsx')).toBeNull()
		expect(await resolveIn('ssr', '/repo/app/components/ui/form.tsx')('#app/components/ui/form.tsx')).toBeNull()
	})

	test('a server build that never met the module fails', () => {
		const plugin = serverLinks()
		const errors: string[] = []
		const context = {
			environment: { name: 'ssr', mode: 'build' },
			error: (message: string) => {
				errors.push(message)
			},
		}
		;(plugin.buildEnd as (this: unknown) => void).call(context)
		expect(errors).toEqual(['server-links: no import of app/components/ui/link.tsx in the server build'])
	})
})
