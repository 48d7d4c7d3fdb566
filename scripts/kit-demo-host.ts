import { createHmac, timingSafeEqual } from 'node:crypto'
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A partner's page on another origin, to show the embedded kit end to end (README: "The embedded kit").
 * Its server makes kit sessions with the partner's secret key, its page opens them with /kit.js, and
 * it receives the signed webhook. `?evil=1` adds a frame of another origin that posts fake results,
 * which kit.js must ignore.
 *
 *   PORTAL_URL=http://localhost:3000 PARTNER_SECRET_KEY=sk_kit_… PARTNER_WEBHOOK_SECRET=whsec_… \
 *     npx tsx scripts/kit-demo-host.ts          # http://127.0.0.1:4000
 */

export type ReceivedWebhook = { eventId: string; verified: boolean; body: unknown }

type Config = {
	portalUrl: string
	secretKey?: string
	webhookSecret?: string
	productId?: number
	paymentOption?: 'wallet' | 'gateway'
	/** A policy of the partner's business: the page offers to make a claim on it through the kit (decision 122). */
	claimPolicyId?: string
}

const html = (body: string, script = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Adire Bank · demo partner</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}button{font:inherit;padding:.5rem 1rem}</style>
</head><body>${body}${script}</body></html>`

function read(req: IncomingMessage) {
	return new Promise<string>((resolve, reject) => {
		let text = ''
		req.setEncoding('utf8')
		req.on('data', (chunk) => {
			text += chunk
			if (text.length > 100_000) req.destroy()
		})
		req.on('end', () => resolve(text))
		req.on('error', reject)
	})
}

/** Start the host on `port` (0: any free one) of 127.0.0.1; the config can be filled in after. */
export async function startDemoHost(config: Config, port = 0) {
	const webhooks: ReceivedWebhook[] = []
	const seen = new Set<string>()
	let origin = ''

	const page = (evil: boolean) =>
		html(
			`<h1>Adire Bank</h1>
<p>Protect your new phone with gadget cover from Cover Portal.</p>
<button type="button" id="buy">Buy gadget cover</button>
${config.claimPolicyId ? '<button type="button" id="claim">Make a claim</button>' : ''}
<h2>What the kit told us</h2>
<ul id="events" aria-live="polite"></ul>
${evil ? `<iframe title="Advert" src="${origin.replace('127.0.0.1', 'localhost')}/evil" width="300" height="60"></iframe>` : ''}`,
			`<script src="${config.portalUrl}/kit.js"></script>
<script>
const log = (text) => { const li = document.createElement('li'); li.textContent = text; document.getElementById('events').append(li) }
const start = async (action) => {
	const res = await fetch('/session?action=' + action, { method: 'POST' })
	const answer = await res.json()
	if (!res.ok) return log('error: ' + answer.message)
	CoverKit.open({
		payload: answer.inspection_sdk,
		onSuccess: (r) => log('success: ' + (r.policy_number ? 'policy ' + r.policy_number : 'claim sent') + ' for ' + r.reference),
		onClose: (r) => log('close' + (r.completed ? ' after success' : '')),
		onError: (e) => log('error: ' + e.message),
	})
}
document.getElementById('buy').addEventListener('click', () => start('purchase'))
document.getElementById('claim')?.addEventListener('click', () => start('claim'))
</script>`,
		)

	// Another origin's frame that pretends to be the kit: kit.js must not believe it.
	const evilPage = html(
		'<p>Advert</p>',
		`<script>
setInterval(() => parent.postMessage({ type: 'cover-kit:success', session_id: 'fake', reference: 'fake', policy_number: 'FAKE-1' }, '*'), 200)
setInterval(() => parent.postMessage({ type: 'cover-kit:close' }, '*'), 200)
</script>`,
	)

	async function handle(req: IncomingMessage, res: ServerResponse) {
		const url = new URL(req.url ?? '/', origin)
		const send = (status: number, type: string, body: string) => {
			res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
			res.end(body)
		}
		if (req.method === 'GET' && url.pathname === '/') return send(200, 'text/html; charset=utf-8', page(url.searchParams.has('evil')))
		if (req.method === 'GET' && url.pathname === '/evil') return send(200, 'text/html; charset=utf-8', evilPage)
		if (req.method === 'POST' && url.pathname === '/session') {
			// The partner's server, not its page, holds the secret key and makes the session.
			const made = await fetch(`${config.portalUrl}/api/v1/kit/sessions`, {
				method: 'POST',
				headers: { authorization: `Bearer ${config.secretKey}`, 'content-type': 'application/json' },
				body: JSON.stringify(
					url.searchParams.get('action') === 'claim' && config.claimPolicyId
						? { action: 'claim', policy_id: config.claimPolicyId, origin, reference: `adire-claim-${Date.now()}` }
						: {
								action: 'purchase',
								product_id: config.productId ?? 5,
								payment_option: config.paymentOption ?? 'gateway',
								origin,
								reference: `adire-${Date.now()}`,
								prefill: { full_name: 'Chidi Obi', email: 'chidi@example.test', phone: '08031234567', gadget_type: 'phone' },
							},
				),
			})
			const answer = (await made.json()) as { data?: unknown; message?: string }
			return send(made.status, 'application/json', JSON.stringify(answer.data ?? { message: answer.message }))
		}
		if (req.method === 'POST' && url.pathname === '/hooks') {
			const body = await read(req)
			const signature = String(req.headers['x-kit-signature'] ?? '')
			const expected = createHmac('sha512', config.webhookSecret ?? '')
				.update(body)
				.digest()
			const given = Buffer.from(signature, 'hex')
			const verified = given.length === expected.length && timingSafeEqual(given, expected)
			if (!verified) return send(401, 'text/plain', 'bad signature')
			const event = JSON.parse(body) as { id: string }
			// Deduplicated by event id: a retry of one already handled is acknowledged and not handled again.
			if (!seen.has(event.id)) {
				seen.add(event.id)
				webhooks.push({ eventId: event.id, verified, body: event })
			}
			return send(200, 'text/plain', 'ok')
		}
		if (req.method === 'GET' && url.pathname === '/hooks.json') return send(200, 'application/json', JSON.stringify(webhooks))
		send(404, 'text/plain', 'not found')
	}

	const server = createServer((req, res) => {
		handle(req, res).catch((error) => {
			res.writeHead(500, { 'content-type': 'text/plain' })
			res.end(String(error))
		})
	})
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	return {
		origin,
		config,
		webhooks,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve())
				// A browser's kept-alive connections would hold the close for a minute.
				server.closeAllConnections()
			}),
	}
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const host = await startDemoHost(
		{
			portalUrl: (process.env.PORTAL_URL ?? 'http://localhost:3000').replace(/\/$/, ''),
			secretKey: process.env.PARTNER_SECRET_KEY,
			webhookSecret: process.env.PARTNER_WEBHOOK_SECRET,
			paymentOption: process.env.PAYMENT_OPTION === 'wallet' ? 'wallet' : 'gateway',
			...(process.env.CLAIM_POLICY_ID ? { claimPolicyId: process.env.CLAIM_POLICY_ID } : {}),
		},
		Number(process.env.DEMO_HOST_PORT ?? 4000),
	)
	console.log(`Demo partner page on ${host.origin} (webhooks at ${host.origin}/hooks, received at ${host.origin}/hooks.json)`)
}
