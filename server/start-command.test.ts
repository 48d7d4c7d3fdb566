import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { startFlags } from '../bench/serve.ts'

// The image and compose run the portal themselves, not through `npm start` (which builds first): they
// must give Node the same flags, or production runs with a heap the bench never measured (decision 135).
const started = ['node', ...startFlags(JSON.parse(readFileSync('package.json', 'utf8')).scripts.start), 'build/server.js']

/** Every JSON-array command in the file that runs build/server.js. */
function portalCommands(file: string, keyword: RegExp) {
	return readFileSync(file, 'utf8')
		.split('\n')
		.filter((line) => keyword.test(line) && line.includes('build/server.js'))
		.map((line) => JSON.parse(line.slice(line.indexOf('['))) as string[])
}

describe('the portal is started as `npm start` starts it', () => {
	test("the image's command", () => {
		expect(portalCommands('Dockerfile', /^CMD /)).toEqual([started])
	})

	test("compose's portal service", () => {
		expect(portalCommands('compose.yaml', /^\s+command: /)).toEqual([started])
	})
})
