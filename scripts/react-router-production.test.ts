import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { REACT_ROUTER_CHUNK, withoutDevWarnings } from './react-router-production.ts'

const require = createRequire(import.meta.url)
const dist = join(dirname(require.resolve('react-router/package.json')), 'dist')
const modules = (build: string) =>
	readdirSync(join(dist, build))
		.filter((name) => name.endsWith('.mjs'))
		.map((name) => ({ file: join(dist, build, name), code: readFileSync(join(dist, build, name), 'utf8') }))

describe("React Router's development warnings in the browser's build", () => {
	test('the installed development build sets the flag in one module, and the plugin finds that module', () => {
		const setting = modules('development').filter((m) => m.code.includes('var ENABLE_DEV_WARNINGS = true;'))
		expect(setting).toHaveLength(1)
		expect(REACT_ROUTER_CHUNK.test(setting[0]!.file)).toBe(true)
		// What the browser imports: `react-router` and `react-router/dom` resolve to the development build.
		expect(require.resolve('react-router')).toContain(`${join('dist', 'development')}`)
	})

	test('turning it off changes that line only, to what the production build has', () => {
		const [chunk] = modules('development').filter((m) => m.code.includes('var ENABLE_DEV_WARNINGS = true;'))
		const changed = withoutDevWarnings(chunk!.code)!
		expect(changed).not.toContain('var ENABLE_DEV_WARNINGS = true;')
		const before = chunk!.code.split('\n')
		const after = changed.split('\n')
		expect(after).toHaveLength(before.length)
		const differing = before.flatMap((line, i) => (line === after[i] ? [] : [[line, after[i]]]))
		expect(differing).toEqual([['var ENABLE_DEV_WARNINGS = true;', 'var ENABLE_DEV_WARNINGS = false;']])
		// React Router's own production build (in the package, reached by no export) has the flag off.
		expect(modules('production').some((m) => m.code.includes('var ENABLE_DEV_WARNINGS = false;'))).toBe(true)
	})

	test('a module without the flag is left alone, and one setting it twice stops the build', () => {
		expect(withoutDevWarnings('export const x = 1;\n')).toBeNull()
		expect(() => withoutDevWarnings('var ENABLE_DEV_WARNINGS = true;\nvar ENABLE_DEV_WARNINGS = true;\n')).toThrow(/twice/)
	})
})
