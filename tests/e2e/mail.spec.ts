import { expect, test, visit } from './support.ts'
import { businessThroughApi, fundThroughApi } from './wallet-support.ts'

// Mail of the embedded default lands in the outbox, whose page shows each mail's HTML in a sandboxed
// frame, its attachments by name and its text part.

const DELIVERY = { product_id: 41, package_class: 'parcel', shipments_per_month: 40, period: 'quarterly' }

test('the outbox shows a purchase confirmation as its HTML, with the certificate attached', async ({ page, request }) => {
	const cspViolations: string[] = []
	page.on('console', (message) => {
		if (message.text().includes('Content Security Policy')) cspViolations.push(message.text())
	})
	const buyer = await businessThroughApi(page, request, 'Ngozi')
	await fundThroughApi(request, buyer, 60_000, 'approve')
	const bought = await request.post('/api/v1/purchases', {
		headers: buyer.headers,
		data: { ...DELIVERY, payment_option: 'wallet', idempotency_key: `e2e-${crypto.randomUUID()}` },
	})
	expect(bought.status()).toBe(201)
	const policyNumber: string = (await bought.json()).data.policy.policy_number

	await visit(page, `/dev/outbox?to=${encodeURIComponent(buyer.email)}`)
	const mail = page.getByTestId('mail').filter({ has: page.getByRole('heading', { name: /^Purchase confirmed/ }) })
	await expect(mail).toHaveCount(1)
	await expect(mail.getByTestId('mail-attachments')).toHaveText(`Attached: certificate-${policyNumber}.pdf`)
	const frame = mail.getByTestId('mail-html')
	await expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox')
	const html = frame.contentFrame()
	await expect(html.getByRole('heading', { name: 'Purchase confirmed', level: 1 })).toBeVisible()
	await expect(html.getByText(`Policy number: ${policyNumber}`)).toBeVisible()
	await expect(html.getByText('Premium paid: ₦42,000 (from the wallet)')).toBeVisible()
	await expect(html.getByText('Your certificate is attached.')).toBeVisible()
	await expect(html.getByRole('link', { name: 'View the policy' })).toHaveAttribute('href', /\/mycover\/[0-9a-f-]{36}$/)
	// The text part is kept beside it, folded away.
	await expect(mail.getByTestId('mail-text')).toContainText(`Policy number: ${policyNumber}`, { useInnerText: false })
	// The funding before it is in the outbox too.
	await expect(page.getByTestId('mail').filter({ has: page.getByRole('heading', { name: 'Payment received' }) })).toHaveCount(1)
	expect(cspViolations).toEqual([])
})
