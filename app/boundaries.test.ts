import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'

// The direction of knowledge (DESIGN.md): the portal reaches the API only through api/contract, the
// API never imports the portal, and the contract stands alone, so the domain may use it without a circle.

const ROOT = path.resolve(import.meta.dirname, '..')

type Source = { file: string; text: string }

/** Where an import lands, relative to the root ('api/domain/ledger.ts'), or null for a package. */
function target(from: string, specifier: string): string | null {
	if (specifier.startsWith('#app/')) return `app/${specifier.slice(5)}`
	if (specifier.startsWith('#api/')) return `api/${specifier.slice(5)}`
	if (!specifier.startsWith('.')) return null
	return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier))
}

const inside = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`)

function rule(from: string, to: string): string | null {
	if (inside(from, 'app') && inside(to, 'api') && !inside(to, 'api/contract')) return 'the portal imports api/ only from api/contract'
	if (inside(from, 'api') && inside(to, 'app')) return 'the API never imports the portal'
	if (inside(from, 'api/contract') && !inside(to, 'api/contract')) return 'api/contract imports nothing else of the project'
	return null
}

/** Every import (static, type-only, re-export or dynamic) that crosses a boundary, as 'file -> target: rule'. */
function boundaryViolations(sources: readonly Source[]): string[] {
	const problems: string[] = []
	for (const { file, text } of sources) {
		for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
			const to = target(file, specifier)
			const broken = to && rule(file, to)
			if (broken) problems.push(`${file} -> ${specifier}: ${broken}`)
		}
	}
	return problems
}

function sourcesUnder(folder: string): Source[] {
	return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
		.filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.parentPath.includes('+types'))
		.map((e) => {
			const file = path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join('/')
			return { file, text: readFileSync(path.join(ROOT, file), 'utf8') }
		})
}

describe('import boundaries', () => {
	test('app/ and api/ keep to them', () => {
		expect(boundaryViolations([...sourcesUnder('app'), ...sourcesUnder('api')])).toEqual([])
	})

	test('the check sees an import through the alias, a relative path, a type-only import and a dynamic one', () => {
		const found = boundaryViolations([
			{ file: 'app/routes/a.tsx', text: "import { x } from '#api/domain/ledger.ts'" },
			{ file: 'app/server/b.server.ts', text: "import type { Y } from '../../api/db/schema.ts'" },
			{ file: 'app/routes/c.tsx', text: "const m = await import('#api/services/ledger.ts')" },
			{ file: 'api/routes/d.ts', text: "export { z } from '#app/lib/z.ts'" },
			{ file: 'api/contract/e.ts', text: "import { CATEGORIES } from '../domain/catalogue/index.ts'" },
		])
		expect(found).toEqual([
			'app/routes/a.tsx -> #api/domain/ledger.ts: the portal imports api/ only from api/contract',
			'app/server/b.server.ts -> ../../api/db/schema.ts: the portal imports api/ only from api/contract',
			'app/routes/c.tsx -> #api/services/ledger.ts: the portal imports api/ only from api/contract',
			'api/routes/d.ts -> #app/lib/z.ts: the API never imports the portal',
			'api/contract/e.ts -> ../domain/catalogue/index.ts: api/contract imports nothing else of the project',
		])
	})

	test('imports that keep to the boundaries pass', () => {
		const found = boundaryViolations([
			{ file: 'app/routes/a.tsx', text: "import { Quote } from '#api/contract/quotes.ts'\nimport { z } from 'zod'" },
			{ file: 'api/contract/b.ts', text: "import { Id } from './common.ts'" },
			{ file: 'api/domain/c.ts', text: "import { Id } from '../contract/common.ts'" },
		])
		expect(found).toEqual([])
	})
})
