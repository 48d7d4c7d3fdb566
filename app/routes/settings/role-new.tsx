import { parseWithZod } from '@conform-to/zod/v4'
import { data, useActionData, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { CreateRoleBody } from '#api/contract/roles.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'
import type { Route } from './+types/role-new'
import { RoleForm } from './role-form.tsx'
import { asPageError } from './roles.server.ts'

export const meta: Route.MetaFunction = () => [{ title: 'New role · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	await requirePermission(args, 'roles.manage')
	const catalogue = await apiFrom(args.context).getPermissionCatalogue().catch(asPageError)
	return { catalogue: catalogue.data, constraint: formConstraint(CreateRoleBody) }
}

export async function action(args: Route.ActionArgs) {
	await requirePermission(args, 'roles.manage')
	const submission = parseWithZod(await readForm(args.request), { schema: CreateRoleBody })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	let created
	try {
		created = await apiFrom(args.context).createRole(submission.value)
	} catch (error) {
		return replyWithApiError(submission, error)
	}
	return redirectWithToast(args.request, '/settings/roles', toastFor(200, created.message ?? `Role ${created.data.name} created.`))
}

export default function NewRole() {
	const { catalogue, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<>
			<Link to="/settings/roles" className="text-sm font-medium text-brand-700 underline">
				All roles
			</Link>
			<h1 className="mt-2 text-2xl font-bold">New role</h1>
			<p className="mt-1 text-slate-600">Choose what members with this role may see and do.</p>
			<RoleForm
				id="role-new"
				lastResult={actionData?.result}
				constraint={constraint}
				catalogue={catalogue}
				submitLabel="Create role"
				pendingText="Creating…"
			/>
		</>
	)
}
