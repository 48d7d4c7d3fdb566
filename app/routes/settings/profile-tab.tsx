import { Link } from '#app/components/ui/link.tsx'
import { buttonClass } from '#app/components/ui/form.tsx'
import { Details, NOT_GIVEN, Panel } from '#app/components/ui/panel.tsx'

type Props = { name: string; email: string; phone: string | null; role: string }

export function ProfileTab({ name, email, phone, role }: Props) {
	return (
		<Panel
			id="profile-heading"
			title="Your profile"
			action={
				<Link to="/settings/edit" className={buttonClass('secondary')}>
					Edit profile
				</Link>
			}
		>
			<Details
				items={[
					{ label: 'Name', value: name },
					{ label: 'Email address', value: email },
					{ label: 'Phone number', value: phone ?? NOT_GIVEN },
					{ label: 'Role', value: role },
				]}
			/>
		</Panel>
	)
}
