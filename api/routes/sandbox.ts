import { formatNairaFull } from '../contract/money.ts'
import type { Hono } from 'hono'
import type { Deps } from '../deps.ts'
import type { Env } from '../http.ts'
import type { SandboxGateway } from '../payments/index.ts'

// The sandbox gateway's checkout page: plain HTML and a form, so it works without JavaScript.

export const SANDBOX_CHECKOUT_PATH = '/sandbox/checkout/:reference'

const escapeHtml = (text: string) =>
	text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

function page(title: string, body: string) {
	return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1b1f24;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0001;padding:2rem;max-width:24rem;width:calc(100% - 2rem)}
h1{font-size:1.25rem;margin:0 0 .25rem}.amount{font-size:2rem;font-weight:700;margin:1rem 0}
p{color:#4a5360;margin:.25rem 0}.note{font-size:.85rem;margin-top:1.5rem}
button{display:block;width:100%;padding:.8rem;margin-top:.75rem;border-radius:8px;font-size:1rem;cursor:pointer;border:1px solid #0b6e4f}
.pay{background:#0b6e4f;color:#fff}.decline{background:#fff;color:#a3262a;border-color:#a3262a}
</style>
</head>
<body><main>${body}</main></body>
</html>`
}

/** GET shows the checkout; POST with outcome=approve or decline completes it and returns the payer. */
export function mountSandboxCheckout(app: Hono<Env>, deps: Deps, gateway: SandboxGateway) {
	app.get(SANDBOX_CHECKOUT_PATH, async (c) => {
		const reference = c.req.param('reference')
		const checkout = await gateway.checkout(reference)
		if (!checkout) return c.html(page('Payment not found', '<h1>We could not find that payment.</h1>'), 404)
		if (checkout.status !== 'pending') {
			const word = checkout.status === 'success' ? 'paid' : 'declined'
			return c.html(
				page(
					'Payment finished',
					`<h1>This payment was already ${word}.</h1><p><a href="${escapeHtml(checkout.returnUrl)}">Return to the portal</a></p>`,
				),
			)
		}
		return c.html(
			page(
				`Pay ${formatNairaFull(checkout.amount)}`,
				`<h1>Sandbox checkout</h1>
<p>${escapeHtml(checkout.email)}</p>
<p class="amount">${formatNairaFull(checkout.amount)}</p>
<p>Reference ${escapeHtml(reference)}</p>
<form method="post">
<button class="pay" type="submit" name="outcome" value="approve">Pay with test card</button>
<button class="decline" type="submit" name="outcome" value="decline">Decline</button>
</form>
<p class="note">This is the sandbox gateway: no card is charged and no money moves.</p>`,
			),
		)
	})
	app.post(SANDBOX_CHECKOUT_PATH, async (c) => {
		// A body that is not a readable form answers as one without a choice.
		const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
		const outcome = form.outcome === 'approve' ? 'approve' : form.outcome === 'decline' ? 'decline' : null
		if (!outcome) return c.html(page('Choose', '<h1>Choose Pay with test card or Decline.</h1>'), 400)
		const url = await gateway.complete(c.req.param('reference'), outcome, deps.now())
		if (!url) return c.html(page('Payment not found', '<h1>We could not find that payment.</h1>'), 404)
		return c.redirect(url, 303)
	})
}

/** The two operations for the OpenAPI document, which lists every path the API serves. */
export const sandboxCheckoutOperations = {
	'/sandbox/checkout/{reference}': {
		get: {
			summary: "The sandbox gateway's checkout page (HTML): the amount, 'Pay with test card' and 'Decline'",
			tags: ['sandbox'],
			operationId: 'getSandboxCheckoutReference',
			security: [],
			parameters: [{ name: 'reference', in: 'path', required: true, schema: { type: 'string' } }],
			responses: {
				'200': { description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } },
				'404': { description: 'No such checkout' },
			},
		},
		post: {
			summary:
				'Pay or decline (form field outcome=approve|decline): redirects to the callback URL with ?reference=; a payment sends charge.success to the webhook',
			tags: ['sandbox'],
			operationId: 'postSandboxCheckoutReference',
			security: [],
			parameters: [{ name: 'reference', in: 'path', required: true, schema: { type: 'string' } }],
			requestBody: {
				required: true,
				content: {
					'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { outcome: { enum: ['approve', 'decline'] } } } },
				},
			},
			responses: {
				'303': { description: 'Back to the callback URL' },
				'400': { description: 'No outcome' },
				'404': { description: 'No such checkout' },
			},
		},
	},
}
