import type { Policy } from '#api/contract/purchases.ts'

/** Where a pending policy is activated: its own form, or a staff plan's staff sheet (decision 016). */
export const activationPath = (policy: Pick<Policy, 'id' | 'kind'>) =>
	policy.kind === 'plan' ? `/mycover/${policy.id}/activate-staff` : `/mycover/${policy.id}/activate`
