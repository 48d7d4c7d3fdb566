import { createElement } from 'react'
import { describe, expect, test } from 'vitest'
import { PLAN_BILLING } from '#api/contract/invoices.ts'
import { renderMail } from '../render.ts'
import { CodeMail } from './code.tsx'
import { CoverActiveMail } from './cover-active.tsx'
import { InvitationMail } from './invitation.tsx'
import { InvoiceMail } from './invoice.tsx'
import { PaymentFailedMail } from './payment-failed.tsx'
import { PurchaseConfirmationMail } from './purchase-confirmation.tsx'
import { WalletFundedMail } from './wallet-funded.tsx'
import { WithdrawalFailedMail, WithdrawalPaidMail } from './withdrawal-outcome.tsx'

const publicUrl = 'https://cover.example.ng'

/** Both parts of a mail hold every fact; the HTML carries the brand and the portal's address. */
async function expectFacts(element: Parameters<typeof renderMail>[0], facts: string[]) {
	const { html, text } = await renderMail(element)
	expect(html).toMatch(/^<!DOCTYPE html/)
	expect(html).toContain('Cover Portal')
	expect(html).toContain(`href="${publicUrl}"`)
	expect(text).toContain(publicUrl)
	// What a reader of the HTML sees: its text without tags, comments and entities.
	const shown = html
		.replace(/<[^>]+>/g, '')
		.replaceAll('&#x27;', "'")
		.replaceAll('&amp;', '&')
	for (const fact of facts) {
		expect(text).toContain(fact)
		// A link shows its label in the HTML and its address in the text part.
		if (fact.startsWith(publicUrl)) expect(html).toContain(`href="${fact.replaceAll('&', '&amp;')}"`)
		else expect(shown).toContain(fact)
	}
	// The preview line is for the inbox list, not the text part.
	expect(text).not.toMatch(/^\s*Your code is \d{6}\s*$/m)
	return { html, text }
}

const purchase = {
	publicUrl,
	firstName: 'Ngozi',
	product: 'Third Party Motor',
	provider: 'Leadway Assurance',
	policyNumber: 'CP-AUTO-2026-000042',
	paidBy: 'by card',
	premium: 15_000,
	cover: '23 November 2026 to 22 November 2027',
	plan: null,
	policyUrl: `${publicUrl}/mycover/p1`,
}

describe('mail templates', () => {
	test('a code: the code and its expiry in the text part as the tests and users read it, the link', async () => {
		const { text } = await expectFacts(
			createElement(CodeMail, {
				publicUrl,
				title: 'Verify your email',
				firstName: 'Ngozi',
				code: '123456',
				link: `${publicUrl}/verify-account`,
				action: 'Enter the code',
				ignore: 'If you did not ask for this, ignore this email.',
			}),
			['Hello Ngozi,', 'Your code is 123456.', 'It expires in 10 minutes and works once.', `${publicUrl}/verify-account`],
		)
		expect(text.match(/\b\d{6}\b/g)).toEqual(['123456'])
	})

	test('a withdrawal code says what it confirms', async () => {
		await expectFacts(
			createElement(CodeMail, {
				publicUrl,
				title: 'Confirm your withdrawal',
				firstName: 'Ngozi',
				code: '654321',
				confirms: 'the withdrawal of ₦5,000 (plus a ₦10 transfer fee) to CHINEDU OBI, Guaranty Trust Bank 0123456780, reference wd_1',
				link: `${publicUrl}/withdraw?step=code&id=w1`,
				action: 'Enter the code',
				ignore: 'Do not share the code.',
			}),
			[
				'Your code is 654321. It confirms the withdrawal of ₦5,000 (plus a ₦10 transfer fee) to CHINEDU OBI, Guaranty Trust Bank 0123456780, reference wd_1.',
				`${publicUrl}/withdraw?step=code&id=w1`,
			],
		)
	})

	test('an invitation: who, where, as what, and the link with its token', async () => {
		const link = `${publicUrl}/invitation?token=abc-123`
		await expectFacts(createElement(InvitationMail, { publicUrl, inviter: 'Ngozi', business: 'Eze Foods Ltd', role: 'Finance', link }), [
			'Ngozi invited you to join Eze Foods Ltd as Finance.',
			link,
		])
	})

	test('payment received: the amount, the reference, the balance', async () => {
		await expectFacts(
			createElement(WalletFundedMail, {
				publicUrl,
				firstName: 'Ngozi',
				amount: 1_250_000,
				reference: 'fund_abc',
				paidOn: '23 November 2026',
				balance: 2_000_000,
			}),
			['₦1,250,000 is in your wallet', 'Reference: fund_abc', 'Paid on: 23 November 2026', 'Wallet balance: ₦2,000,000'],
		)
	})

	test('a saved card charged: which card, for what, and that the wallet holds it', async () => {
		await expectFacts(
			createElement(WalletFundedMail, {
				publicUrl,
				firstName: 'Ngozi',
				amount: 42_000,
				reference: 'inv_abc_1',
				paidOn: '1 December 2026',
				balance: 42_000,
				charged: { card: 'Visa card ending 4081', forWhat: 'Invoice INV-2026-0004' },
			}),
			[
				'we charged ₦42,000 to your Visa card ending 4081 for Invoice INV-2026-0004',
				'Saved card charged',
				'Reference: inv_abc_1',
				'Wallet balance: ₦42,000',
			],
		)
	})

	test('payment failed: the reason, what it was for, how to try again', async () => {
		await expectFacts(
			createElement(PaymentFailedMail, {
				publicUrl,
				firstName: 'Ngozi',
				amount: 3_000,
				reference: 'fund_x',
				reason: 'Insufficient funds',
				forWhat: 'funding your wallet',
				retryUrl: `${publicUrl}/fund-wallet`,
			}),
			['your payment of ₦3,000 for funding your wallet did not go through', 'Reason: Insufficient funds', `${publicUrl}/fund-wallet`],
		)
	})

	test('purchase confirmed: with the certificate attached, or saying it follows on activation', async () => {
		await expectFacts(createElement(PurchaseConfirmationMail, { ...purchase, pending: false }), [
			'Policy number: CP-AUTO-2026-000042',
			'Premium paid: ₦15,000 (by card)',
			'Cover: 23 November 2026 to 22 November 2027',
			'Your certificate is attached.',
		])
		const { text } = await expectFacts(
			createElement(PurchaseConfirmationMail, { ...purchase, pending: true, policyUrl: `${publicUrl}/mycover/p1/activate` }),
			['Your certificate follows by email as soon as the policy is active.', `${publicUrl}/mycover/p1/activate`],
		)
		expect(text).not.toContain('Your certificate is attached.')
	})

	test('a staff plan is confirmed with its terms rather than a premium', async () => {
		const { text } = await expectFacts(
			createElement(PurchaseConfirmationMail, {
				...purchase,
				paidBy: null,
				premium: 0,
				plan: { slots: 25, monthlyRate: 7_500 },
				pending: true,
			}),
			['Staff covered: Up to 25, at ₦7,500 per person a month', `Billed: ${PLAN_BILLING.rule} ${PLAN_BILLING.first}`],
		)
		expect(text).not.toContain('Premium paid')
	})

	test('cover active: the policy and its attached certificate', async () => {
		await expectFacts(
			createElement(CoverActiveMail, {
				publicUrl,
				firstName: 'Ngozi',
				product: 'Gadget Cover',
				policyNumber: 'CP-GADG-2026-000007',
				cover: '23 November 2026 to 22 November 2027',
				policyUrl: `${publicUrl}/mycover/p2`,
			}),
			['your Gadget Cover policy is active', 'Policy number: CP-GADG-2026-000007', 'Your certificate is attached.'],
		)
	})

	test('an invoice issued and overdue: its days written as people read them', async () => {
		const invoice = {
			publicUrl,
			firstName: 'Ngozi',
			number: 'INV-000010',
			planNumber: 'CP-HLTH-2026-000003',
			month: 'November 2026',
			total: 45_000,
			balance: 45_000,
			dueOn: '2026-12-08',
			pausesOn: '2026-12-22',
			invoiceUrl: `${publicUrl}/invoice/i1`,
		}
		await expectFacts(createElement(InvoiceMail, { ...invoice, event: 'issued' }), [
			'covers November 2026. It is due on 8 December 2026; if your wallet holds enough, it is paid from there.',
			'To pay: ₦45,000',
		])
		await expectFacts(createElement(InvoiceMail, { ...invoice, event: 'overdue' }), [
			'(November 2026) was due on 8 December 2026 and is unpaid. We will try your wallet again; if it is still unpaid on 22 December 2026, the plan is paused',
		])
	})

	test('withdrawal paid and failed: the amount, the account, the refund', async () => {
		const w = {
			publicUrl,
			firstName: 'Ngozi',
			amount: 5_000,
			fee: 10,
			account: 'CHINEDU OBI, Guaranty Trust Bank 0123456780',
			reference: 'wd_1',
		}
		await expectFacts(createElement(WithdrawalPaidMail, w), [
			'your withdrawal of ₦5,000 was paid to CHINEDU OBI, Guaranty Trust Bank 0123456780',
			'Transfer fee: ₦10',
			'Reference: wd_1',
		])
		await expectFacts(createElement(WithdrawalFailedMail, { ...w, reason: 'The beneficiary bank declined the transfer' }), [
			'Reason: The beneficiary bank declined the transfer',
			'Back in your wallet: ₦5,010 (the amount and the transfer fee)',
		])
	})

	test('what a customer typed is escaped in the HTML', async () => {
		const { html } = await renderMail(
			createElement(InvitationMail, { publicUrl, inviter: '<script>x</script>', business: 'A & B', role: 'Viewer', link: publicUrl }),
		)
		expect(html).not.toContain('<script>x</script>')
		expect(html).toContain('&lt;script&gt;x&lt;/script&gt;')
	})
})
