import { parseWithZod } from '@conform-to/zod/v4'
import { data, useActionData, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { Id } from '#api/contract/common.ts'
import { CreateRoleBody } from '#api/contract/roles.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'
import type { Route } from './+types/role-edit'
import { RoleForm } from './role-form.tsx'
import { NO_SUCH_ROLE, asPageError } from './roles.server.ts'

/** The role in the path: not an id, or not one the business may use, is a 404. */
function roleIdFrom(params: Route.LoaderArgs['params']) {
	const id = Id.safeParse(params.roleId)
	if (!id.success) throw data(NO_SUCH_ROLE, { status: 404 })
	return id.data
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.role.name ?? 'Role'} · Cover Portal` }]

export async function loader(args: Route.LoaderArgs) {
	await requirePermission(args, 'roles.manage')
	const api = apiFrom(args.context)
	const [role, catalogue] = await Promise.all([
		api.getRole(roleIdFrom(args.params)).catch(asPageError),
		api.getPermissionCatalogue().catch(asPageError),
	])
	const described = new Map(catalogue.data.map((p) => [p.name, p.description]))
	return {
		role: {
			name: role.data.name,
			description: role.data.description,
			seeded: role.data.seeded,
			permissions: role.data.permissions,
			described: role.data.permissions.map((name) => described.get(name) ?? name),
		},
		catalogue: catalogue.data,
		constraint: formConstraint(CreateRoleBody),
	}
}

export async function action(args: Route.ActionArgs) {
	await requirePermission(args, 'roles.manage')
	const roleId = roleIdFrom(args.params)
	const submission = parseWithZod(await readForm(args.request), { schema: CreateRoleBody })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const { name, description, permissions } = submission.value
	let saved
	try {
		// An emptied description is sent as empty, so that it is cleared.
		saved = await apiFrom(args.context).updateRole(roleId, { name, description: description ?? '', permissions })
	} catch (error) {
		return replyWithApiError(submission, error)
	}
	return redirectWithToast(args.request, '/settings/roles', toastFor(200, saved.message ?? `Role ${saved.data.name} saved.`))
}

export default function EditRole() {
	const { role, catalogue, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<>
			<Link to="/settings/roles" className="text-sm font-medium text-brand-700 underline">
				All roles
			</Link>
			{role.seeded ? (
				<>
					<h1 className="mt-2 flex flex-wrap items-center gap-2 text-2xl font-bold">
						{role.name} <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">Built in</span>
					</h1>
					<p className="mt-1 text-slate-600">{role.description}</p>
					<section aria-labelledby="role-permissions" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
						<h2 id="role-permissions" className="font-semibold">
							Permissions
						</h2>
						<ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
							{role.described.map((p) => (
								<li key={p}>{p}</li>
							))}
						</ul>
						<p className="mt-4 text-sm text-slate-600">
							Built-in roles are the same for every business and cannot be changed. To grant a different set, create a new role.
						</p>
					</section>
				</>
			) : (
				<>
					<h1 className="mt-2 text-2xl font-bold">Edit role</h1>
					<p className="mt-1 text-slate-600">Changes apply to every member with this role.</p>
					<RoleForm
						id="role-edit"
						lastResult={actionData?.result}
						constraint={constraint}
						catalogue={catalogue}
						defaultValue={{ name: role.name, description: role.description, permissions: role.permissions }}
						submitLabel="Save role"
						pendingText="Saving…"
					/>
				</>
			)}
		</>
	)
}
