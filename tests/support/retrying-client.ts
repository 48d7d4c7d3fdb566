import type { ApiProcess } from './api-process.ts'

export type Answer = { status: number; body: any; headers: Headers }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A client of an API that may be down at any moment: a request that fails on the network or with a
 * 5xx is sent again, unchanged (same idempotency key), until it gets an answer the API meant, as a
 * careful client retries after a timeout. Counts what it had to retry.
 */
export function retryingClient(server: ApiProcess, options: { giveUpMs?: number } = {}) {
	const stats = { requests: 0, retries: 0, networkErrors: 0, serverErrors: 0 }

	async function request(
		method: string,
		path: string,
		init: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string>; form?: Record<string, string> } = {},
	): Promise<Answer> {
		const headers: Record<string, string> = { ...init.headers }
		if (init.token) headers.authorization = `Bearer ${init.token}`
		let body: string | undefined = init.rawBody
		if (init.body !== undefined) {
			headers['content-type'] = 'application/json'
			body = JSON.stringify(init.body)
		}
		if (init.form) {
			headers['content-type'] = 'application/x-www-form-urlencoded'
			body = new URLSearchParams(init.form).toString()
		}
		const deadline = Date.now() + (options.giveUpMs ?? 60_000)
		for (let attempt = 0; ; attempt++) {
			if (attempt) {
				stats.retries++
				if (Date.now() > deadline) throw new Error(`${method} ${path}: no answer for ${options.giveUpMs ?? 60_000} ms`)
				await sleep(Math.min(500, 25 * 2 ** Math.min(attempt, 5)) * (0.5 + Math.random()))
			}
			stats.requests++
			let response: Response
			try {
				response = await fetch(`${server.url}${path}`, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(15_000) })
			} catch {
				stats.networkErrors++
				continue
			}
			const text = await response.text().catch(() => null)
			if (text === null) {
				stats.networkErrors++
				continue
			}
			if (response.status >= 500) {
				stats.serverErrors++
				continue
			}
			const json = response.headers.get('content-type')?.includes('application/json')
			return { status: response.status, body: json && text ? JSON.parse(text) : text, headers: response.headers }
		}
	}

	return { request, stats }
}
