import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The release errors and source maps are filed under: SENTRY_RELEASE when set, else the version of the
 * build (builds/latest.json, the same version browsers poll), else `development`.
 */
export function releaseVersion(env: NodeJS.ProcessEnv = process.env, buildDir = path.resolve('build')) {
	if (env.SENTRY_RELEASE) return env.SENTRY_RELEASE
	try {
		const { version } = JSON.parse(readFileSync(path.join(buildDir, 'client/builds/latest.json'), 'utf8')) as { version: string }
		return `cover-portal@${version}`
	} catch {
		return 'cover-portal@development'
	}
}
