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
] as const

export function activityTypeLabel(type: string) {
	return ACTIVITY_TYPES.find((t) => t.value === type)?.label ?? type
}
