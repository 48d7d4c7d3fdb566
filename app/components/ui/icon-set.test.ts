import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { ICONS } from './icon-set.ts'

/** Every file under `dir` ending in .tsx or .ts. */
function sources(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name)
		if (entry.isDirectory()) return entry.name === '+types' ? [] : sources(path)
		return /\.tsx?$/.test(entry.name) ? [path] : []
	})
}

test('/icons shows every lucide icon the portal imports, and nothing it does not use', () => {
	const imported = new Set<string>()
	for (const file of sources(join(import.meta.dirname, '../..'))) {
		if (file.endsWith('icon-set.ts')) continue
		for (const match of readFileSync(file, 'utf8').matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'lucide-react'/g)) {
			for (const name of match[1]!
				.split(',')
				.map((n) => n.trim())
				.filter(Boolean)) {
				if (!name.startsWith('type ') && name !== 'LucideIcon') imported.add(name)
			}
		}
	}
	const shown = new Set<string>(ICONS.map((i) => i.name))
	expect([...imported].filter((name) => !shown.has(name))).toEqual([])
	// Copy, Check, Gift, BellOff are used by the rewards and notifications screens; the gallery lists what ships.
	expect([...shown].filter((name) => !imported.has(name))).toEqual([])
})
