import { EmailAddress } from './ui/email-address.tsx'

/**
 * A member of staff as a choice in a list (a checkbox or radio's label): the name, and under it the
 * email address, which wraps before its `@` rather than push the row past a phone's width.
 */
export function StaffOptionText({ firstName, lastName, email }: { firstName: string; lastName: string; email: string }) {
	return (
		<span className="min-w-0 flex-1">
			<span className="block">
				{firstName} {lastName}
			</span>{' '}
			<span className="block text-sm text-slate-600">
				<EmailAddress value={email} />
			</span>
		</span>
	)
}
