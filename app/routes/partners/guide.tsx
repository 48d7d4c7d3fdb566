import type { ReactNode } from 'react'
import { useLoaderData } from 'react-router'
import { KIT_ACTIONS, KIT_SESSION_MINUTES } from '#api/contract/kit.ts'
import { PlainViewLayout } from '#app/components/layout/layouts.tsx'
import { Link } from '#app/components/ui/link.tsx'
import type { Route } from './+types/guide'

// The embedded kit's guide for a partner's developers (decision 162): public, so the business that made the
// keys can send it to whoever builds its site. What it says is what the API and kit.js do (decisions 074–077,
// 106, 122); the addresses are this portal's own.

export const meta: Route.MetaFunction = () => [{ title: 'The embedded kit: a guide for developers · Cover Portal' }]

export function loader({ request }: Route.LoaderArgs) {
	return { origin: new URL(request.url).origin }
}

const WEBHOOKS = [
	{
		type: 'kit.purchase.completed',
		what: 'A customer bought cover in the kit',
		data: 'product_id, purchase (id, amount, payment_option), policy (id, policy_number)',
	},
	{
		type: 'kit.inspection.submitted',
		what: 'A customer sent a vehicle’s pre-inspection photos',
		data: 'inspection (id, status), policy (id, policy_number)',
	},
	{
		type: 'kit.claim.submitted',
		what: 'A customer submitted a claim',
		data: 'claim (id, claim_number, status, amount), policy (id, policy_number)',
	},
]

/** Code as it is typed: on a phone it scrolls across, and the keyboard can reach it to scroll. */
function Code({ label, children }: { label: string; children: string }) {
	return (
		// biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls takes focus, so the keyboard can scroll it (WCAG 2.1.1)
		<section aria-label={label} tabIndex={0} className="mt-3 overflow-x-auto rounded-lg bg-slate-900 p-4">
			<pre className="text-xs leading-relaxed text-slate-100">
				<code>{children}</code>
			</pre>
		</section>
	)
}

function Step({ id, title, children }: { id: string; title: string; children: ReactNode }) {
	return (
		<section aria-labelledby={id} className="mt-8">
			<h2 id={id} className="text-lg font-semibold">
				{title}
			</h2>
			<div className="mt-2 space-y-3 text-slate-700">{children}</div>
		</section>
	)
}

export default function KitGuide() {
	const { origin } = useLoaderData<typeof loader>()
	return (
		<PlainViewLayout wide>
			<h1 className="text-2xl font-bold">The embedded kit: a guide for developers</h1>
			<p className="mt-2 text-slate-700">
				The kit lets your customers buy cover, send a vehicle’s inspection photos or make a claim without leaving your site: it opens
				full-screen over your page, and your server hears when they are done.
			</p>

			<Step id="keys-heading" title="1. Get your keys">
				<p>
					An owner or admin of your business account makes a partner key under{' '}
					<Link to="/settings?tab=partners" className="text-brand-700 underline">
						Settings → Partner keys
					</Link>
					, with the address your server takes webhooks at. The secret key (<code>sk_kit_…</code>) and the webhook secret (
					<code>whsec_…</code>) show once: keep them on your server, never in a page. A key can be revoked there at any time.
				</p>
			</Step>

			<Step id="session-heading" title="2. Open a session from your server">
				<p>For each customer who opens the kit, your server asks for a session with the secret key:</p>
				<Code label="Opening a session with curl">{`curl -X POST ${origin}/api/v1/kit/sessions \\
  -H "Authorization: Bearer sk_kit_…" \\
  -H "content-type: application/json" \\
  -d '{"action":"purchase","product_id":5,"origin":"https://shop.example","reference":"order-1042"}'`}</Code>
				<dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
					<dt className="font-mono font-semibold">action</dt>
					<dd>{KIT_ACTIONS.join(', ')}; purchase when left out.</dd>
					<dt className="font-mono font-semibold">product_id</dt>
					<dd>
						For a purchase: the product to sell (5 is gadget cover; each product’s id ends its address on the{' '}
						<Link to="/products" className="text-brand-700 underline">
							products page
						</Link>
						).
					</dd>
					<dt className="font-mono font-semibold">policy_id</dt>
					<dd>For an inspection or a claim: the policy it is for.</dd>
					<dt className="font-mono font-semibold">payment_option</dt>
					<dd>gateway (the customer pays by card, the default) or wallet (your business’s wallet pays).</dd>
					<dt className="font-mono font-semibold">origin</dt>
					<dd>The page that opens the kit, scheme, host and port only: the kit works only framed there.</dd>
					<dt className="font-mono font-semibold">reference</dt>
					<dd>Yours, up to 100 characters: it comes back in the result and the webhook.</dd>
					<dt className="font-mono font-semibold">prefill</dt>
					<dd>Optional: answers to fill in for the customer, by field name.</dd>
				</dl>
				<p>
					The answer’s <code>inspection_sdk</code> is the session’s payload. It opens once, within {KIT_SESSION_MINUTES} minutes, and only
					in a page of that origin.
				</p>
			</Step>

			<Step id="open-heading" title="3. Open the kit in your page">
				<Code label="Opening the kit in your page">{`<script src="${origin}/kit.js"></script>
<script>
  const kit = CoverKit.open({
    payload: '…',               // inspection_sdk, from your server
    onSuccess(result) {},       // { session_id, reference, policy_number }
    onClose(detail) {},         // the customer closed the kit
    onError(error) {},          // { message }
  })
</script>`}</Code>
				<p>
					<code>kit.close()</code> closes it from your side. The kit talks only to this portal’s origin, and reads messages only from its
					own frame.
				</p>
			</Step>

			<Step id="webhooks-heading" title="4. Hear when it is done">
				<p>
					Your webhook address receives a <code>POST</code> with a JSON body <code>{'{ id, type, created_at, data }'}</code>, where{' '}
					<code>data</code> holds <code>session_id</code>, <code>reference</code> and <code>action</code> beside:
				</p>
				<ul className="space-y-2 text-sm">
					{WEBHOOKS.map((w) => (
						<li key={w.type}>
							<code className="font-semibold">{w.type}</code>: {w.what}; {w.data}.
						</li>
					))}
				</ul>
				<p>
					Check <code>X-Kit-Signature</code> before you trust a webhook: it is the hex HMAC-SHA512 of the body, exactly as received, keyed
					with your webhook secret. Compare in constant time. Answer with any 2xx. Until you do, it is sent again, first after 30 seconds
					and then at longer intervals up to every 6 hours; <code>X-Kit-Event-Id</code> is the same each time, so you can tell a repeat.
				</p>
				<Code label="Checking a webhook's signature in Node.js">{`import { createHmac, timingSafeEqual } from 'node:crypto'

const signed = (body, signature) => {
  const expected = createHmac('sha512', process.env.WEBHOOK_SECRET).update(body).digest()
  const given = Buffer.from(signature ?? '', 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}`}</Code>
			</Step>

			<Step id="reference-heading" title="Reference">
				<p>
					Every call, its fields and its errors are described in the API’s OpenAPI document, at{' '}
					<code className="break-all">{`${origin}/api/v1/openapi.json`}</code>. A call that fails answers with its HTTP status and a{' '}
					<code>message</code> that says why.
				</p>
			</Step>
		</PlainViewLayout>
	)
}
