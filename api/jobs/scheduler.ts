import type { Deps } from '../deps.ts'
import { collectInvoices, runBilling } from '../services/billing.ts'
import { deliverDueWebhooks } from '../services/kit.ts'
import { creditReferralRewards } from '../services/rewards.tsx'
import { recoverPayments, recoverPayouts } from './recovery.ts'
import { logger } from '../telemetry/logger.ts'

export type Job = { name: string; run: (deps: Deps) => Promise<Record<string, number>> }

export const JOBS: Job[] = [
	{ name: 'recover-payments', run: (deps) => recoverPayments(deps) },
	{ name: 'recover-payouts', run: (deps) => recoverPayouts(deps) },
	// Webhooks to partners that failed wait longer each time (docs/decisions/077-partner-webhooks.md).
	{ name: 'deliver-webhooks', run: (deps) => deliverDueWebhooks(deps) },
	// Staff plans are billed monthly in arrears; unpaid invoices are retried, then pause the plan (docs/decisions/095).
	{ name: 'billing-run', run: (deps) => runBilling(deps) },
	{ name: 'collect-invoices', run: (deps) => collectInvoices(deps) },
	// Referrals whose cover was kept for the qualifying days earn, and are paid into wallets (decision 112).
	{ name: 'credit-referral-rewards', run: (deps) => creditReferralRewards(deps) },
]

/**
 * Run the jobs now and then every `intervalMs`, one round at a time, in this process. Every job is
 * idempotent, so several processes may run them side by side (docs/decisions/037-recovery-of-pending-payments.md).
 * A job that fails (the database or the gateway away) is logged and tried again next round.
 */
export function startJobs(deps: Deps, { intervalMs = 60_000, jobs = JOBS }: { intervalMs?: number; jobs?: Job[] } = {}) {
	let round: Promise<void> | null = null
	let stopped = false
	const runAll = async () => {
		for (const job of jobs) {
			if (stopped) return
			try {
				const counts = await job.run(deps)
				if (Object.values(counts).some(Boolean)) logger.info(`[jobs] ${job.name}: ${JSON.stringify(counts)}`)
			} catch (error) {
				logger.warn(`[jobs] ${job.name} failed: ${error instanceof Error ? error.message : error}`)
			}
		}
	}
	const tick = () => {
		if (round || stopped) return
		round = runAll().finally(() => {
			round = null
		})
	}
	tick()
	const timer = setInterval(tick, intervalMs)
	// The jobs never keep a process alive that has nothing else to do.
	timer.unref()
	return {
		/** Whether rounds are still scheduled (for /readyz). */
		get running() {
			return !stopped
		},
		/** Stop scheduling, and wait for the round under way. */
		async stop() {
			stopped = true
			clearInterval(timer)
			await round
		},
	}
}
