import { formatLongDay, formatLongDays } from '../contract/dates.ts'
import { eq, or } from 'drizzle-orm'
import { cards, payments, policies, purchases, users, withdrawals } from '../db/schema.ts'
import { capitalized } from '../domain/text.ts'
import { type Product, productById } from '../domain/catalogue/index.ts'
import type { Deps } from '../deps.ts'
import type { MailAttachment } from '../mail.ts'
import { sendTemplate } from '../mail/render.ts'
import { mailInvoice } from './billing-mail.tsx'
import { CoverActiveMail } from '../mail/templates/cover-active.tsx'
import { PaymentFailedMail } from '../mail/templates/payment-failed.tsx'
import { PurchaseConfirmationMail } from '../mail/templates/purchase-confirmation.tsx'
import { WalletFundedMail } from '../mail/templates/wallet-funded.tsx'
import { WithdrawalFailedMail, WithdrawalPaidMail } from '../mail/templates/withdrawal-outcome.tsx'
import { certificatePdf } from './documents.ts'
import { walletBalance } from './ledger.ts'
import { logger } from '../telemetry/logger.ts'
import { mailRenewalConfirmation } from './renewal-mail.tsx'

type PolicyRow = typeof policies.$inferSelect

/**
 * Mail that follows a money movement, sent after its transaction committed: a mail that cannot be
 * made or sent is logged, never turned into a failure of the movement, which has happened.
 */
async function afterCommit(what: string, send: () => Promise<void>) {
	try {
		await send()
	} catch (error) {
		logger.error(`[mail] could not send the ${what} mail: ${error instanceof Error ? error.message : String(error)}`)
	}
}

async function recipient(deps: Deps, userId: string | null) {
	if (!userId) return null
	const [user] = await deps.db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId))
	return user ?? null
}

const coverText = (policy: PolicyRow) => formatLongDays(policy.coverStart, policy.coverEnd)

async function certificateAttachment(deps: Deps, policy: PolicyRow): Promise<MailAttachment> {
	const { content, filename } = await certificatePdf(deps, policy.customerId, policy.id)
	return { filename, content, contentType: 'application/pdf' }
}

/** The saved card a payment charged, as a customer names it: 'Visa card ending 4081'. */
async function chargedCard(deps: Deps, cardId: string | null) {
	const [card] = cardId ? await deps.db.select({ brand: cards.brand, last4: cards.last4 }).from(cards).where(eq(cards.id, cardId)) : []
	return card ? `${capitalized(card.brand)} card ending ${card.last4}` : 'saved card'
}

/**
 * A gateway payment changed state: a funding was received, a saved card was charged, or a payment
 * was declined. `retryUrl` is where a declined saved-card charge sends the payer to pay another way.
 */
export async function mailPaymentOutcome(deps: Deps, paymentId: string, options: { retryUrl?: string } = {}) {
	await afterCommit('payment', async () => {
		const [payment] = await deps.db.select().from(payments).where(eq(payments.id, paymentId))
		if (!payment) return
		if (payment.status === 'success' && payment.purpose === 'purchase') return mailPurchaseConfirmation(deps, payment.purchaseId!)
		if (payment.status === 'success' && payment.purpose === 'invoice') return mailInvoice(deps, payment.invoiceId!, 'paid')
		const to = await recipient(deps, payment.userId)
		if (!to) return
		const { publicUrl } = deps.env
		// A saved card charged without a checkout (authorization_url null): the mail names the card and what it paid for.
		const savedCard = payment.authorizationUrl === null ? await chargedCard(deps, payment.cardId) : null
		if (payment.status === 'success') {
			await sendTemplate(
				deps,
				to.email,
				savedCard ? `Your ${savedCard} was charged` : 'Payment received',
				<WalletFundedMail
					charged={savedCard ? { card: savedCard, forWhat: payment.note ?? 'a payment' } : undefined}
					publicUrl={publicUrl}
					firstName={to.firstName}
					amount={payment.amount}
					reference={payment.reference}
					paidOn={formatLongDay(payment.paidAt ?? deps.now())}
					balance={await walletBalance(deps.db, payment.customerId)}
				/>,
			)
			return
		}
		if (payment.status !== 'failed') return
		const [purchase] = payment.purchaseId ? await deps.db.select().from(purchases).where(eq(purchases.id, payment.purchaseId)) : []
		const product = purchase ? productById(purchase.productId as Product['id']) : null
		await sendTemplate(
			deps,
			to.email,
			'Payment failed',
			<PaymentFailedMail
				publicUrl={publicUrl}
				firstName={to.firstName}
				amount={payment.amount}
				reference={payment.reference}
				reason={payment.failureReason ?? 'The payment was declined.'}
				forWhat={
					savedCard
						? `${payment.note ?? 'a payment'}, charged to your ${savedCard}`
						: payment.invoiceId
							? 'your invoice'
							: product
								? `${product.name} cover`
								: 'funding your wallet'
				}
				retryUrl={
					savedCard
						? (options.retryUrl ?? `${publicUrl}/wallet`)
						: payment.invoiceId
							? `${publicUrl}/invoice/${payment.invoiceId}`
							: product
								? `${publicUrl}/products/${product.id}`
								: `${publicUrl}/fund-wallet`
				}
			/>,
		)
	})
}

/**
 * A purchase issued its policy or staff plan: what was bought and paid, with the certificate when the
 * cover runs already; a policy waiting for its activation details gets it when activated.
 */
export async function mailPurchaseConfirmation(deps: Deps, purchaseId: string) {
	await afterCommit('purchase confirmation', async () => {
		const [row] = await deps.db
			.select({ purchase: purchases, policy: policies })
			.from(purchases)
			.innerJoin(policies, or(eq(policies.purchaseId, purchases.id), eq(policies.id, purchases.renewsPolicyId)))
			.where(eq(purchases.id, purchaseId))
		if (!row) return
		const { purchase, policy } = row
		if (purchase.renewsPolicyId) return mailRenewalConfirmation(deps, purchase, policy)
		const to = await recipient(deps, purchase.userId)
		if (!to) return
		const product = productById(policy.productId as Product['id'])
		const pending = policy.status === 'pending'
		const { publicUrl } = deps.env
		const policyUrl = `${publicUrl}/mycover/${policy.id}${pending ? (policy.kind === 'plan' ? '/activate-staff' : '/activate') : ''}`
		await sendTemplate(
			deps,
			to.email,
			`Purchase confirmed: ${product.name}, policy ${policy.policyNumber}`,
			<PurchaseConfirmationMail
				publicUrl={publicUrl}
				firstName={to.firstName}
				product={product.name}
				provider={product.provider}
				policyNumber={policy.policyNumber}
				paidBy={purchase.paymentOption === 'wallet' ? 'from the wallet' : purchase.paymentOption === 'subscription' ? null : 'by card'}
				premium={purchase.amount}
				cover={coverText(policy)}
				plan={
					policy.kind === 'plan'
						? {
								slots: policy.slots ?? 0,
								monthlyRate: policy.monthlyRate ?? 0,
							}
						: null
				}
				pending={pending}
				policyUrl={policyUrl}
			/>,
			pending ? undefined : [await certificateAttachment(deps, policy)],
		)
	})
}

/** A pending policy or staff plan became active: the certificate it could not have at purchase. */
export async function mailCoverActive(deps: Deps, policy: PolicyRow, userId: string) {
	await afterCommit('cover active', async () => {
		const to = await recipient(deps, userId)
		if (!to) return
		const product = productById(policy.productId as Product['id'])
		const { publicUrl } = deps.env
		await sendTemplate(
			deps,
			to.email,
			`Your cover is active: ${product.name}, policy ${policy.policyNumber}`,
			<CoverActiveMail
				publicUrl={publicUrl}
				firstName={to.firstName}
				product={product.name}
				policyNumber={policy.policyNumber}
				cover={coverText(policy)}
				policyUrl={`${publicUrl}/mycover/${policy.id}`}
			/>,
			[await certificateAttachment(deps, policy)],
		)
	})
}

/** A payout finished: paid to the bank account, or failed (or sent back) with the wallet refunded. */
export async function mailWithdrawalOutcome(deps: Deps, withdrawalId: string) {
	await afterCommit('withdrawal', async () => {
		const [w] = await deps.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId))
		if (!w || (w.status !== 'succeeded' && w.status !== 'failed')) return
		const to = await recipient(deps, w.requestedBy)
		if (!to) return
		const props = {
			publicUrl: deps.env.publicUrl,
			firstName: to.firstName,
			amount: w.amount,
			fee: w.fee,
			account: `${w.accountName}, ${w.bankName} ${w.accountNumber}`,
			reference: w.reference,
		}
		if (w.status === 'succeeded') await sendTemplate(deps, to.email, 'Withdrawal paid', <WithdrawalPaidMail {...props} />)
		else {
			const reason = w.failureReason ?? 'The bank did not accept the transfer.'
			await sendTemplate(deps, to.email, 'Withdrawal failed', <WithdrawalFailedMail {...props} reason={reason} />)
		}
	})
}
