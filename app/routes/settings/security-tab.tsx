import { type SubmissionResult, getFormProps, useForm } from '@conform-to/react'
import { Form, useLocation } from 'react-router'
import { PASSWORD_RULE } from '#api/contract/rules.ts'
import { Field, FormError, SubmitButton, TextInput, inputProps } from '#app/components/ui/form.tsx'
import { Panel } from './details.tsx'

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
				<Field
					label="Current password"
					id={fields.current_password.id}
					errorId={fields.current_password.errorId}
					errors={fields.current_password.errors}
				>
					<TextInput {...inputProps(fields.current_password, { type: 'password' })} autoComplete="current-password" />
				</Field>
				<Field
					label="New password"
					hint={PASSWORD_RULE}
					id={fields.new_password.id}
					errorId={fields.new_password.errorId}
					errors={fields.new_password.errors}
				>
					<TextInput {...inputProps(fields.new_password, { type: 'password' })} autoComplete="new-password" />
				</Field>
				<Field
					label="New password again"
					id={fields.confirm_password.id}
					errorId={fields.confirm_password.errorId}
					errors={fields.confirm_password.errors}
				>
					<TextInput {...inputProps(fields.confirm_password, { type: 'password' })} autoComplete="new-password" />
				</Field>
				<SubmitButton name="intent" value="password" pendingText="Changing…">
					Change password
				</SubmitButton>
			</Form>
		</Panel>
	)
}
