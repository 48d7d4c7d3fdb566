import { execFileSync } from 'node:child_process'
import { readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { releaseVersion } from '../api/telemetry/release.ts'

/** Every `.map` file under `dir`, deleted; returns how many. */
export function removeSourceMaps(dir: string) {
	let removed = 0
	for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
		if (entry.isFile() && entry.name.endsWith('.map')) {
			rmSync(path.join(entry.parentPath, entry.name))
			removed++
		}
	}
	return removed
}

/** Whether the build should upload its browser source maps: Sentry's token, organisation and project are set. */
export const uploadsSourceMaps = (env: NodeJS.ProcessEnv = process.env) =>
	Boolean(env.SENTRY_AUTH_TOKEN && env.SENTRY_ORG && env.SENTRY_PROJECT)

/**
 * After `react-router build` (docs/decisions/060-error-reporting.md): with Sentry's credentials the
 * browser's hidden source maps are uploaded under the build's release; then, always, every map is
 * deleted from build/client, so none is ever served.
 */
function main() {
	const clientDir = path.resolve('build/client')
	if (uploadsSourceMaps()) {
		const release = releaseVersion()
		const cli = path.resolve('node_modules/.bin/sentry-cli')
		execFileSync(cli, ['sourcemaps', 'inject', clientDir], { stdio: 'inherit' })
		execFileSync(cli, ['sourcemaps', 'upload', '--release', release, '--url-prefix', '~/', clientDir], { stdio: 'inherit' })
		console.log(`source maps uploaded for ${release}`)
	}
	const removed = removeSourceMaps(clientDir)
	if (removed) console.log(`source maps removed from build/client: ${removed}`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main()
