import { and, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm'
import { formatDay } from '../contract/dates.ts'
import { claimFiles, documents, policies, policyEvents, staffBatches, staffImports } from '../db/schema.ts'
import type { Deps } from '../deps.ts'
import { addDays, lagosDate } from '../domain/policies.ts'
import { recordActivity } from '../services/accounts.ts'
import { mailPolicyNotice } from '../services/renewal-mail.tsx'
import { claimNotice } from './notices.ts'

// Housekeeping jobs (docs/decisions/092-housekeeping.md).

/** Changes booked for a date that are told about when they take effect (decision 079). */
const SCHEDULED_KINDS = ['deactivate', 'terminate', 'member_removal', 'member_migration', 'period_change', 'plan_change'] as const
/** How far back a change that took effect is still told about (a process down for days catches up). */
const CHANGE_NOTICE_DAYS = 7

/**
 * Changes booked for a later date reaching it. Their effect needs no job: flags and members' states
 * are computed from the events' dates when read (decisions 078 and 079). What is not computed is
 * telling: once per event, the business's activity log records it and the member who booked it is mailed.
 */
export async function applyDueChanges(deps: Deps) {
	const today = lagosDate(deps.now())
	const due = await deps.db
		.select({ event: policyEvents, policy: policies })
		.from(policyEvents)
		.innerJoin(policies, eq(policies.id, policyEvents.policyId))
		.where(
			and(
				inArray(policyEvents.kind, [...SCHEDULED_KINDS]),
				isNull(policyEvents.cancelledAt),
				lte(policyEvents.effectiveOn, today),
				gte(policyEvents.effectiveOn, addDays(today, -CHANGE_NOTICE_DAYS)),
				// Booked ahead: a change made at once was told about when it was made.
				sql`${policyEvents.effectiveOn} > (${policyEvents.createdAt} at time zone 'Africa/Lagos')::date`,
			),
		)
		.limit(500)
	const counts = { told: 0 }
	for (const { event, policy } of due) {
		if (!(await claimNotice(deps.db, policy.id, 'change_effective', event.id))) continue
		// The booking's own words carry its date ("… moves to PrimeCare on 1 Dec 2026"): said once, not twice.
		const description = `Booked change now in effect: ${event.description}`
		await recordActivity(deps.db, { customerId: policy.customerId, actorUserId: null, type: 'plans.change_effective', description })
		await mailPolicyNotice(
			deps,
			policy,
			{
				subject: `A change to ${policy.policyNumber} is now in effect`,
				title: 'A change took effect',
				lines: [`A change booked on ${formatDay(lagosDate(event.createdAt))} is now in effect:`, `${event.description}.`],
				action: { path: `/mycover/${policy.id}`, label: 'View the plan' },
			},
			event.actorUserId,
		)
		counts.told++
	}
	return counts
}

/** An uploaded file no record references is kept this long (an upload whose record is still being written). */
export const ORPHAN_UPLOAD_MS = 24 * 60 * 60_000

/**
 * Uploaded files that no record references, older than a day: bytes written before a transaction
 * that then failed or never ran (a crash between the two). Records always reference existing files.
 */
export async function sweepUnreferencedUploads(deps: Deps) {
	const keys = await deps.storage.listBefore(new Date(deps.now().getTime() - ORPHAN_UPLOAD_MS))
	let removed = 0
	for (let i = 0; i < keys.length; i += 500) {
		const page = keys.slice(i, i + 500)
		const [docs, files] = await Promise.all([
			deps.db.select({ key: documents.storageKey }).from(documents).where(inArray(documents.storageKey, page)),
			deps.db.select({ key: claimFiles.storageKey }).from(claimFiles).where(inArray(claimFiles.storageKey, page)),
		])
		const kept = new Set([...docs, ...files].map((r) => r.key))
		for (const key of page.filter((k) => !kept.has(k))) {
			await deps.storage.remove(key)
			removed++
		}
	}
	return { removed }
}

/** Staff lists uploaded and checked but never bought (or imported) are forgotten after this many days. */
export const STAFF_LIST_DAYS = 30

/** Forget staff lists never bought: their rows hold staff's personal data with no purpose left. */
export async function forgetUnboughtStaffLists(deps: Deps) {
	const before = new Date(deps.now().getTime() - STAFF_LIST_DAYS * 24 * 60 * 60_000)
	const batches = await deps.db
		.delete(staffBatches)
		.where(and(isNull(staffBatches.policyId), lt(staffBatches.createdAt, before)))
		.returning({ id: staffBatches.id })
	const imports = await deps.db
		.delete(staffImports)
		.where(and(isNull(staffImports.committedAt), lt(staffImports.createdAt, before)))
		.returning({ id: staffImports.id })
	return { batches: batches.length, imports: imports.length }
}
