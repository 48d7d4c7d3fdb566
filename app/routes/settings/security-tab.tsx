import { type SubmissionResult, getFormProps, useForm } from '@conform-to/react'
import { Form, useLocation } from 'react-router'
import { PASSWORD_RULE } from '#api/contract/rules.ts'
import { FormError, SubmitButton, TextField } from '#app/components/ui/form.tsx'
import { Panel } from '#app/components/ui/panel.tsx'

type Props = {
	constraint: Parameters<typeof useForm>[0]['constraint']
	result: SubmissionResult<string[]> | undefined
}

export function SecurityTab(props: Props) {
	// A new page after saving starts an empty form: typed passwords never stay on screen.
	return <PasswordForm key={useLocation().key} {...props} />
}

function PasswordForm({ constraint, result }: Props) {
	const [form, fields] = useForm({ id: 'change-password', lastResult: result, constraint })
	return (
		<Panel id="password-heading" title="Change your password">
			<p className="-mt-2 mb-4 text-sm text-slate-600">Changing it signs you out everywhere else.</p>
			<Form method="post" className="max-w-md space-y-4" {...getFormProps(form)}>
				<FormError id={form.errorId} errors={form.errors} />
				<TextField field={fields.current_password} label="Current password" type="password" autoComplete="current-password" />
				<TextField field={fields.new_password} label="New password" hint={PASSWORD_RULE} type="password" autoComplete="new-password" />
				<TextField field={fields.confirm_password} label="New password again" type="password" autoComplete="new-password" />
				<SubmitButton name="intent" value="password" pendingText="Changing…">
					Change password
				</SubmitButton>
			</Form>
		</Panel>
	)
}
