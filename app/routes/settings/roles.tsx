import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useLoaderData } from 'react-router'
import { z } from 'zod'
import { Link } from '#app/components/ui/link.tsx'
import { Id } from '#api/contract/common.ts'
import { buttonClass } from '#app/components/ui/form.tsx'
import { ApiCallError } from '#app/server/api.server.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { readForm } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'
import type { Route } from './+types/roles'
import { plural } from '#app/lib/plural.ts'

const DeleteSchema = z.object({ intent: z.literal('delete'), role_id: Id })

export const meta: Route.MetaFunction = () => [{ title: 'Roles · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	const { permissions } = await requirePermission(args, 'team.view')
	const api = apiFrom(args.context)
	const [roles, catalogue] = await Promise.all([api.getRoles(), api.getPermissionCatalogue()])
	const described = new Map(catalogue.data.map((p) => [p.name, p.description]))
	return {
		canManage: permissions.includes('roles.manage'),
		// The API lists the built-in roles first; kept so here whatever order it answers in.
		roles: [...roles.data]
			.sort((a, b) => Number(b.seeded) - Number(a.seeded))
			.map((role) => ({
				id: role.id,
				name: role.name,
				description: role.description,
				seeded: role.seeded,
				memberCount: role.member_count,
				permissions: role.permissions.map((name) => described.get(name) ?? name),
			})),
	}
}

/** Deleting is the only change made from the list; what goes wrong comes back as a toast. */
export async function action(args: Route.ActionArgs) {
	await requirePermission(args, 'roles.manage')
	const submission = parseWithZod(await readForm(args.request), { schema: DeleteSchema })
	if (submission.status !== 'success') {
		return redirectWithToast(args.request, '/settings/roles', toastFor(400, 'Choose a role to delete.'))
	}
	try {
		const deleted = await apiFrom(args.context).deleteRole(submission.value.role_id)
		return redirectWithToast(args.request, '/settings/roles', toastFor(200, deleted.data.message))
	} catch (error) {
		if (!(error instanceof ApiCallError) || error.logout) throw error
		return redirectWithToast(args.request, '/settings/roles', toastFor(error.status, error.message))
	}
}

export default function Roles() {
	const { roles, canManage } = useLoaderData<typeof loader>()
	return (
		<div className="space-y-6">
			<header className="flex flex-wrap items-end justify-between gap-4">
				<div>
					<nav aria-label="Breadcrumb" className="text-sm">
						<Link to="/settings" className="font-medium text-brand-700 underline">
							Settings
						</Link>
						<span aria-hidden className="px-1 text-slate-500">
							/
						</span>
						<span aria-current="page" className="text-slate-700">
							Roles
						</span>
					</nav>
					<h1 className="mt-1 text-2xl font-bold">Roles</h1>
					<p className="text-slate-600">What each member of your business may see and do.</p>
				</div>
				{canManage ? (
					<Link to="/settings/roles/new" className={buttonClass()}>
						New role
					</Link>
				) : null}
			</header>
			<ul className="space-y-4">
				{roles.map((role) => (
					<li key={role.id}>
						<section aria-labelledby={`role-${role.id}`} className="rounded-xl border border-slate-200 bg-white p-5">
							<div className="flex flex-wrap items-start justify-between gap-3">
								<div>
									<h2 id={`role-${role.id}`} className="flex flex-wrap items-center gap-2 text-lg font-semibold">
										{role.name}{' '}
										{role.seeded ? (
											<span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">Built in</span>
										) : null}
									</h2>
									{role.description ? <p className="text-slate-700">{role.description}</p> : null}
									<p className="text-sm text-slate-600">{plural(role.memberCount, 'member')}</p>
								</div>
								{canManage && !role.seeded ? (
									<div className="flex flex-wrap items-center gap-2">
										<Link to={`/settings/roles/${role.id}`} className={buttonClass('secondary')}>
											Edit
										</Link>
										{role.memberCount === 0 ? (
											<Form method="post">
												<input type="hidden" name="role_id" value={role.id} />
												<button type="submit" name="intent" value="delete" className={buttonClass('secondary', 'text-red-800')}>
													Delete
												</button>
											</Form>
										) : null}
									</div>
								) : null}
							</div>
							{canManage && !role.seeded && role.memberCount > 0 ? (
								<p className="mt-2 text-sm text-slate-600">
									Members hold this role, so it cannot be deleted. Give them another role first.
								</p>
							) : null}
							<h3 className="mt-4 text-sm font-medium text-slate-800">{plural(role.permissions.length, 'permission')}</h3>
							<ul className="mt-1 grid list-disc gap-x-6 gap-y-0.5 pl-5 text-sm text-slate-700 sm:grid-cols-2">
								{role.permissions.map((p) => (
									<li key={p}>{p}</li>
								))}
							</ul>
						</section>
					</li>
				))}
			</ul>
		</div>
	)
}
