import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { ICONS } from './icon-set.ts'
import * as icons from './icons.tsx'

/** Every file under `dir` ending in .tsx or .ts. */
function sources(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name)
		if (entry.isDirectory()) return entry.name === '+types' ? [] : sources(path)
		return /\.tsx?$/.test(entry.name) ? [path] : []
	})
}

const files = sources(join(import.meta.dirname, '../..')).filter((file) => !/\.test\.tsx?$/.test(file))

test('/icons shows every icon the portal imports, and nothing it does not use', () => {
	const imported = new Set<string>()
	for (const file of files) {
		if (file.endsWith('icon-set.ts')) continue
		for (const match of readFileSync(file, 'utf8').matchAll(
			/import\s*(type\s*)?\{([^}]*)\}\s*from\s*'#app\/components\/ui\/icons\.tsx'/g,
		)) {
			// A type is not an icon.
			if (match[1]) continue
			for (const name of match[2]!
				.split(',')
				.map((n) => n.trim())
				.filter(Boolean)) {
				if (!name.startsWith('type ')) imported.add(name)
			}
		}
	}
	const shown = new Set<string>(ICONS.map((i) => i.name))
	expect([...imported].filter((name) => !shown.has(name))).toEqual([])
	// Copy, Check, Gift, BellOff are used by the rewards and notifications screens; the gallery lists what ships.
	expect([...shown].filter((name) => !imported.has(name))).toEqual([])
	// And icons.tsx draws nothing the gallery leaves out.
	expect(Object.keys(icons).sort()).toEqual([...shown].sort())
})

test('screens take their icons from icons.tsx, never from lucide or lucide-react', () => {
	const direct = files.filter(
		(file) => !file.endsWith('components/ui/icons.tsx') && /from\s*'lucide(-react)?['/]/.test(readFileSync(file, 'utf8')),
	)
	expect(direct).toEqual([])
})
