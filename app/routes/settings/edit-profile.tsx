import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, useActionData, useLoaderData } from 'react-router'
import { z } from 'zod'
import { Link } from '#app/components/ui/link.tsx'
import { Name } from '#api/contract/common.ts'
import { Phone } from '#api/contract/phone.ts'
import { FormError, NameFields, SubmitButton, buttonClass } from '#app/components/ui/form.tsx'
import { PhoneField } from '#app/components/ui/phone-input.tsx'
import { requireReadyUser } from '#app/server/auth.server.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'
import type { Route } from './+types/edit-profile'

const ProfileSchema = z.object({
	first_name: Name('your first name'),
	last_name: Name('your last name'),
	// Members who joined by invitation have no phone yet; left empty, it stays as it is.
	phone: Phone.optional(),
})

export const meta: Route.MetaFunction = () => [{ title: 'Edit your profile · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	const user = await requireReadyUser(args)
	return {
		email: user.email,
		defaults: { first_name: user.first_name, last_name: user.last_name, phone: user.phone ?? '' },
		constraint: formConstraint(ProfileSchema),
	}
}

export async function action(args: Route.ActionArgs) {
	const user = await requireReadyUser(args)
	const submission = parseWithZod(await readForm(args.request), { schema: ProfileSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	let saved
	try {
		saved = await apiFrom(args.context).updateUser(user.id, submission.value)
	} catch (error) {
		return replyWithApiError(submission, error)
	}
	return redirectWithToast(args.request, '/settings?tab=profile', toastFor(200, saved.message ?? 'Profile saved.'))
}

export default function EditProfile() {
	const { email, defaults, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm({
		id: 'edit-profile',
		lastResult: actionData?.result,
		defaultValue: defaults,
		constraint,
	})
	return (
		<>
			<h1 className="text-2xl font-bold">Edit your profile</h1>
			<p className="mt-1 text-slate-600">
				You sign in as <strong className="text-slate-900">{email}</strong>; that stays as it is.
			</p>
			<Form method="post" className="mt-6 space-y-5 rounded-xl border border-slate-200 bg-white p-5" {...getFormProps(form)}>
				<FormError id={form.errorId} errors={form.errors} />
				<NameFields first={fields.first_name} last={fields.last_name} />
				<PhoneField field={fields.phone} />
				<div className="flex flex-wrap gap-3">
					<SubmitButton pendingText="Saving…">Save profile</SubmitButton>
					<Link to="/settings?tab=profile" className={buttonClass('secondary')}>
						Cancel
					</Link>
				</div>
			</Form>
		</>
	)
}
