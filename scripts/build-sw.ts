import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { build } from 'esbuild'
import { injectManifest } from 'workbox-build'

/**
 * build/client/sw.js: sw/service-worker.js bundled with its Workbox modules, then given the list of
 * files to precache (each with a revision, so a new build installs a new worker).
 */
const temp = mkdtempSync(path.join(tmpdir(), 'sw-'))
try {
	const bundled = path.join(temp, 'sw.js')
	await build({
		entryPoints: ['sw/service-worker.js'],
		bundle: true,
		format: 'iife',
		minify: true,
		outfile: bundled,
		define: { 'process.env.NODE_ENV': '"production"' },
		logLevel: 'warning',
	})
	const { count, size, warnings } = await injectManifest({
		swSrc: bundled,
		swDest: 'build/client/sw.js',
		globDirectory: 'build/client',
		globPatterns: ['assets/**/*.{js,css}', 'offline.html', 'favicon.svg', 'manifest.webmanifest'],
		// Hashed names change with their content: no revision needed.
		dontCacheBustURLsMatching: /^assets\//,
		maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
	})
	for (const warning of warnings) console.warn(`sw.js: ${warning}`)
	console.log(`sw.js: ${count} files precached (${Math.round(size / 1024)} KiB)`)
} finally {
	rmSync(temp, { recursive: true, force: true })
}
