import { ACTIVITY_TYPES as KINDS, type ActivityType } from '#api/contract/activities.ts'

/**
 * Each kind of entry the API writes to the activity log, named for people rather than machines. A record
 * over the contract's kinds: a kind the API gains without a name here does not compile, so the log never
 * shows a raw `invoice.overdue`.
 */
const LABELS: Record<ActivityType, string> = {
	'account.created': 'Account created',
	'user.updated': 'Profile updated',
	'password.changed': 'Password changed',
	'password.reset': 'Password reset',
	'business.updated': 'Business details updated',
	'business.cac_verified': 'CAC verified',
	'team.invited': 'Member invited',
	'team.invitation_resent': 'Invitation sent again',
	'team.invitation_revoked': 'Invitation revoked',
	'team.joined': 'Member joined',
	'team.role_changed': 'Member’s role changed',
	'team.deactivated': 'Member deactivated',
	'team.reactivated': 'Member reactivated',
	'role.created': 'Role created',
	'role.updated': 'Role changed',
	'role.deleted': 'Role deleted',
	'wallet.funded': 'Wallet funded',
	'wallet.withdrawal_requested': 'Withdrawal requested',
	'wallet.withdrawal_confirmed': 'Withdrawal confirmed',
	'wallet.withdrawal_approved': 'Withdrawal approved',
	'wallet.withdrawal_cancelled': 'Withdrawal cancelled',
	'wallet.withdrawal_paid': 'Withdrawal paid',
	'wallet.withdrawal_failed': 'Withdrawal failed',
	'cards.saved': 'Card saved',
	'cards.default_changed': 'Default card changed',
	'cards.removed': 'Card removed',
	'policies.issued': 'Policy bought',
	'policies.activated': 'Policy activated',
	'policies.renewed': 'Policy renewed',
	'policies.deactivate': 'Cover deactivated',
	'policies.terminate': 'Cover removed',
	'policies.inspection_started': 'Pre-inspection started',
	'policies.inspection_submitted': 'Pre-inspection photos sent',
	'policies.inspection_approved': 'Pre-inspection approved',
	'policies.inspection_rejected': 'Pre-inspection sent back',
	'plans.subscribed': 'Staff plan bought',
	'plans.activated': 'Staff plan activated',
	'plans.changed': 'Plan change booked',
	'plans.period_changed': 'Period change booked',
	'plans.change_effective': 'Booked change took effect',
	'plans.members_moved': 'Members moved to another plan',
	'plans.members_removed': 'Members removed from a plan',
	'plans.dependant_slots': 'Dependant slots changed',
	'plan.paused': 'Staff plan paused',
	'staff.uploaded': 'Staff list uploaded',
	'staff.imported': 'Staff imported',
	'claims.created': 'Claim started',
	'invoice.paid': 'Invoice paid',
	'invoice.overdue': 'Invoice overdue',
	'invoices.credit_note_issued': 'Credit note issued',
	'rewards.paid': 'Referral reward paid',
	'partner_keys.created': 'Partner key made',
	'partner_keys.revoked': 'Partner key revoked',
}

/** The log's filter: every kind, in the contract's order (by area). */
export const ACTIVITY_TYPES = KINDS.map((value) => ({ value, label: LABELS[value] }))

export function activityTypeLabel(type: string) {
	return LABELS[type as ActivityType] ?? type
}
