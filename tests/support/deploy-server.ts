import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

const TYPES: Record<string, string> = {
	'.js': 'text/javascript',
	'.css': 'text/css',
	'.json': 'application/json',
	'.html': 'text/html; charset=utf-8',
	'.svg': 'image/svg+xml',
	'.webmanifest': 'application/manifest+json',
}

/**
 * The portal as a deploy sees it, for one test: its own copy of build/client served in front of the
 * running portal (everything else is passed through to it), on a port the system picks. `deploy`
 * changes the copy as a new build would, so the shared servers and other tests never see it.
 */
export async function startDeployServer(portalUrl: string) {
	const root = mkdtempSync(path.join(tmpdir(), 'deploy-'))
	cpSync('build/client', root, { recursive: true })
	const server: Server = createServer(async (req, res) => {
		const url = new URL(req.url ?? '/', 'http://localhost')
		const file = path.join(root, path.normalize(url.pathname))
		if (file.startsWith(root) && url.pathname !== '/' && existsSync(file) && statSync(file).isFile()) {
			res.writeHead(200, {
				'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
				'cache-control': url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
			})
			res.end(readFileSync(file))
			return
		}
		const chunks: Buffer[] = []
		for await (const chunk of req) chunks.push(chunk as Buffer)
		const headers = new Headers()
		for (const [name, value] of Object.entries(req.headers)) {
			if (typeof value === 'string' && name !== 'host' && name !== 'accept-encoding') headers.set(name, value)
		}
		const answer = await fetch(new URL(url.pathname + url.search, portalUrl), {
			method: req.method,
			headers,
			body: chunks.length ? Buffer.concat(chunks) : undefined,
			redirect: 'manual',
		})
		const out: Record<string, string | string[]> = {}
		answer.headers.forEach((value, name) => {
			if (name !== 'content-encoding' && name !== 'content-length' && name !== 'set-cookie') out[name] = value
		})
		const cookies = answer.headers.getSetCookie()
		if (cookies.length) out['set-cookie'] = cookies
		res.writeHead(answer.status, out)
		res.end(Buffer.from(await answer.arrayBuffer()))
	})
	await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve))
	const { port } = server.address() as AddressInfo
	return {
		url: `http://localhost:${port}`,
		/** A new build: another service worker and another version in builds/latest.json. */
		deploy(version: string) {
			const sw = path.join(root, 'sw.js')
			writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// build ${version}\n`)
			writeFileSync(path.join(root, 'builds/latest.json'), JSON.stringify({ version }))
		},
		async close() {
			await new Promise((resolve) => server.close(resolve))
			rmSync(root, { recursive: true, force: true })
		},
	}
}
