// What the kit's own pages share, apart from app/lib/kit.ts, which the root loads on every page.
import type { KitEvent } from './kit.ts'

/** The page of a kit session that cannot be found. */
export const KIT_SESSION_MISSING = 'We could not find this kit session.'

/** What the host hears of an inspect or claim session that has ended: closed, or completed. */
export function endedSessionEvent(session: { id: string; reference: string; status: string } | null): KitEvent | null {
	if (!session) return null
	if (session.status === 'closed') return { type: 'cover-kit:close', session_id: session.id, reference: session.reference }
	if (session.status === 'completed')
		return { type: 'cover-kit:success', session_id: session.id, reference: session.reference, policy_number: null }
	return null
}
