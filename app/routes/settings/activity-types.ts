/** The kinds of entry the API writes to the activity log, named for people rather than machines. */
export const ACTIVITY_TYPES = [
	{ value: 'account.created', label: 'Account created' },
	{ value: 'user.updated', label: 'Profile updated' },
	{ value: 'password.changed', label: 'Password changed' },
	{ value: 'password.reset', label: 'Password reset' },
	{ value: 'business.updated', label: 'Business details updated' },
	{ value: 'business.cac_verified', label: 'CAC verified' },
	{ value: 'team.invited', label: 'Member invited' },
	{ value: 'team.invitation_resent', label: 'Invitation sent again' },
	{ value: 'team.invitation_revoked', label: 'Invitation revoked' },
	{ value: 'team.joined', label: 'Member joined' },
	{ value: 'team.role_changed', label: 'Member’s role changed' },
	{ value: 'team.deactivated', label: 'Member deactivated' },
	{ value: 'team.reactivated', label: 'Member reactivated' },
	{ value: 'role.created', label: 'Role created' },
	{ value: 'role.updated', label: 'Role changed' },
	{ value: 'role.deleted', label: 'Role deleted' },
	{ value: 'wallet.funded', label: 'Wallet funded' },
	{ value: 'wallet.withdrawal_requested', label: 'Withdrawal requested' },
	{ value: 'wallet.withdrawal_confirmed', label: 'Withdrawal confirmed' },
	{ value: 'wallet.withdrawal_approved', label: 'Withdrawal approved' },
	{ value: 'wallet.withdrawal_cancelled', label: 'Withdrawal cancelled' },
	{ value: 'cards.saved', label: 'Card saved' },
	{ value: 'cards.default_changed', label: 'Default card changed' },
	{ value: 'cards.removed', label: 'Card removed' },
	{ value: 'policies.issued', label: 'Policy bought' },
	{ value: 'policies.activated', label: 'Policy activated' },
	{ value: 'plans.subscribed', label: 'Staff plan bought' },
	{ value: 'staff.uploaded', label: 'Staff list uploaded' },
	{ value: 'plans.activated', label: 'Staff plan activated' },
	{ value: 'partner_keys.created', label: 'Partner key made' },
	{ value: 'partner_keys.revoked', label: 'Partner key revoked' },
] as const

export function activityTypeLabel(type: string) {
	return ACTIVITY_TYPES.find((t) => t.value === type)?.label ?? type
}
