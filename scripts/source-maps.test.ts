import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { removeSourceMaps, uploadsSourceMaps } from './source-maps.ts'

test('every source map under the client build is removed, and nothing else', () => {
	const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-maps-'))
	mkdirSync(path.join(dir, 'assets/nested'), { recursive: true })
	for (const file of ['assets/root-abc.js', 'assets/root-abc.js.map', 'assets/nested/x.css.map', 'builds.json']) {
		writeFileSync(path.join(dir, file), '')
	}
	expect(removeSourceMaps(dir)).toBe(2)
	expect(readdirSync(dir, { recursive: true }).map(String).sort()).toEqual(['assets', 'assets/nested', 'assets/root-abc.js', 'builds.json'])
})

test('maps are uploaded only with the token, the organisation and the project', () => {
	expect(uploadsSourceMaps({})).toBe(false)
	expect(uploadsSourceMaps({ SENTRY_AUTH_TOKEN: 't', SENTRY_ORG: 'o' })).toBe(false)
	expect(uploadsSourceMaps({ SENTRY_AUTH_TOKEN: 't', SENTRY_ORG: 'o', SENTRY_PROJECT: 'p' })).toBe(true)
})
