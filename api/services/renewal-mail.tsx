import { formatLongDay } from '../contract/dates.ts'
import { eq } from 'drizzle-orm'
import { formatNairaFull } from '../contract/money.ts'
import { type policies, purchases, users } from '../db/schema.ts'
import type { Deps } from '../deps.ts'
import { type Product, productById } from '../domain/catalogue/index.ts'
import { sendTemplate } from '../mail/render.ts'
import { PolicyNoticeMail } from '../mail/templates/policy-notice.tsx'
import { logger } from '../telemetry/logger.ts'

type PolicyRow = typeof policies.$inferSelect
type PurchaseRow = typeof purchases.$inferSelect

/** Who hears about a policy: the member who bought it, else its custodian. */
async function recipientOf(deps: Deps, policy: PolicyRow, userId?: string | null) {
	const id =
		userId ?? (await deps.db.select({ userId: purchases.userId }).from(purchases).where(eq(purchases.id, policy.purchaseId)))[0]?.userId
	const candidates = [id, policy.custodianUserId].filter((v): v is string => Boolean(v))
	for (const candidate of candidates) {
		const [user] = await deps.db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, candidate))
		if (user) return user
	}
	return null
}

type Notice = { subject: string; title: string; lines: string[]; facts?: Array<[string, string]>; action: { path: string; label: string } }

/** Send one notice about a policy; a mail that cannot be sent is logged, never a failure of the job's work. */
export async function mailPolicyNotice(deps: Deps, policy: PolicyRow, notice: Notice, userId?: string | null) {
	try {
		const to = await recipientOf(deps, policy, userId)
		if (!to) return
		const product = productById(policy.productId as Product['id'])
		await sendTemplate(
			deps,
			to.email,
			notice.subject,
			<PolicyNoticeMail
				publicUrl={deps.env.publicUrl}
				title={notice.title}
				firstName={to.firstName}
				lines={notice.lines}
				facts={[['Policy', `${product.name}, ${policy.policyNumber}`], ...(notice.facts ?? [])]}
				action={{ href: `${deps.env.publicUrl}${notice.action.path}`, label: notice.action.label }}
			/>,
		)
	} catch (error) {
		logger.error(`[mail] could not send "${notice.subject}": ${error instanceof Error ? error.message : String(error)}`)
	}
}

/** A renewal was paid (from the wallet, or through the gateway): the policy's new cover period. */
export async function mailRenewalConfirmation(deps: Deps, purchase: PurchaseRow, policy: PolicyRow) {
	const product = productById(policy.productId as Product['id'])
	await mailPolicyNotice(
		deps,
		policy,
		{
			subject: `Renewed: ${product.name}, policy ${policy.policyNumber}`,
			title: 'Your policy is renewed',
			lines: [
				`Your ${product.name} policy is renewed and keeps its number. You paid ${formatNairaFull(purchase.amount)} ${purchase.paymentOption === 'wallet' ? 'from the wallet' : 'by card'}.`,
			],
			facts: [
				['Cover now runs to', formatLongDay(policy.coverEnd)],
				['Premium', formatNairaFull(purchase.amount)],
			],
			action: { path: `/mycover/${policy.id}`, label: 'View the policy' },
		},
		purchase.userId,
	)
}
