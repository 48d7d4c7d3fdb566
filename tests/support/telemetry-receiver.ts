import { createServer, type IncomingMessage, type Server } from 'node:http'
import { gunzipSync, inflateSync } from 'node:zlib'

/** One item of a Sentry envelope: its header (`type`: event, session, ...) and its payload. */
export type EnvelopeItem = { header: { type: string; [key: string]: unknown }; payload: any }
export type Envelope = { header: Record<string, unknown>; items: EnvelopeItem[]; path: string }
/** One PostHog event as it arrived. */
export type CapturedEvent = { event: string; distinct_id: string; properties: Record<string, unknown>; api_key: string }

async function bodyOf(req: IncomingMessage) {
	const chunks: Buffer[] = []
	for await (const chunk of req) chunks.push(chunk as Buffer)
	const raw = Buffer.concat(chunks)
	const encoding = req.headers['content-encoding']
	if (encoding === 'gzip') return gunzipSync(raw).toString('utf8')
	if (encoding === 'deflate') return inflateSync(raw).toString('utf8')
	return raw.toString('utf8')
}

/** Sentry's envelope format: a header line, then per item a header line and a payload line. */
export function parseEnvelope(text: string, path: string): Envelope {
	const lines = text.split('\n')
	const header = JSON.parse(lines[0]!)
	const items: EnvelopeItem[] = []
	for (let i = 1; i + 1 < lines.length + 1 && lines[i]; i += 2) {
		const itemHeader = JSON.parse(lines[i]!)
		const payload = lines[i + 1] ?? ''
		items.push({ header: itemHeader, payload: payload.startsWith('{') ? JSON.parse(payload) : payload })
	}
	return { header, items, path }
}

/**
 * A local stand-in for the two telemetry services, speaking their HTTP: Sentry's envelope endpoint
 * (`POST /api/<project>/envelope/`) and PostHog's capture endpoints (`POST /batch/`, `/capture/`,
 * `/i/v0/e/`), gzip or not. It keeps what arrives for a test to read; it answers as they do.
 */
export class TelemetryReceiver {
	readonly envelopes: Envelope[] = []
	readonly events: CapturedEvent[] = []
	private server: Server | null = null
	port = 0

	async start() {
		this.server = createServer(async (req, res) => {
			const path = (req.url ?? '/').split('?')[0]!
			try {
				const text = await bodyOf(req)
				if (req.method === 'POST' && /^\/api\/\d+\/envelope\/?$/.test(path)) {
					this.envelopes.push(parseEnvelope(text, path))
					res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
					return
				}
				if (req.method === 'POST' && ['/batch/', '/capture/', '/i/v0/e/', '/batch', '/capture'].includes(path)) {
					const body = JSON.parse(text) as { api_key?: string; batch?: CapturedEvent[] } & Partial<CapturedEvent>
					const list = body.batch ?? [body as CapturedEvent]
					for (const e of list) this.events.push({ ...e, api_key: e.api_key ?? body.api_key ?? '' })
					res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":1}')
					return
				}
				res.writeHead(404).end()
			} catch {
				res.writeHead(400).end()
			}
		})
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
		this.port = (this.server.address() as { port: number }).port
		return this
	}

	get url() {
		return `http://127.0.0.1:${this.port}`
	}

	/** A DSN whose reports come here. */
	dsn(project = 42) {
		return `http://publickey@127.0.0.1:${this.port}/${project}`
	}

	/** The error events (items of type `event`) received so far. */
	get errorEvents() {
		return this.envelopes.flatMap((e) => e.items.filter((i) => i.header.type === 'event').map((i) => i.payload))
	}

	/** Wait until `check` holds of what arrived, or fail after `timeoutMs`. */
	async waitFor<T>(check: () => T | undefined | null | false, timeoutMs = 5_000): Promise<T> {
		const end = Date.now() + timeoutMs
		for (;;) {
			const found = check()
			if (found) return found
			if (Date.now() > end) throw new Error('the telemetry receiver did not get what was expected in time')
			await new Promise((r) => setTimeout(r, 25))
		}
	}

	async stop() {
		await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
	}
}
