import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { PORTAL_ARGS, startFlags } from './serve.ts'

describe('the bench starts the portal as `npm start` does', () => {
	test("the start script's Node flags come before the server, in order", () => {
		expect(startFlags('npm run build && NODE_ENV=production node build/server.js')).toEqual([])
		expect(startFlags('npm run build && NODE_ENV=production node --max-semi-space-size=32 --trace-gc build/server.js')).toEqual([
			'--max-semi-space-size=32',
			'--trace-gc',
		])
		expect(() => startFlags('tsx server.ts')).toThrow('npm start does not run node build/server.js')
	})

	test("the bench's portal processes take this project's start script's flags", () => {
		const start = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start as string
		expect(start).toContain(`node ${PORTAL_ARGS.join(' ')}`)
		expect(PORTAL_ARGS).toContain('--max-semi-space-size=32')
	})
})
