import { policyNotices } from '../db/schema.ts'
import type { Db } from '../db/client.ts'

export type NoticeKind = (typeof policyNotices.$inferInsert)['kind']

/**
 * Claim the one notice of `kind` about `about` (a cover end, an event) for a policy: true for the
 * caller that wrote it, false when a run before (or another process) did. The unique key makes it once.
 */
export async function claimNotice(db: Db, policyId: string, kind: NoticeKind, about: string) {
	const [row] = await db.insert(policyNotices).values({ policyId, kind, about }).onConflictDoNothing().returning({ id: policyNotices.id })
	return Boolean(row)
}
