import { data, redirect } from 'react-router'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { requirePermission } from '#app/server/auth.server.ts'
import { SearchX } from '#app/components/ui/icons.tsx'
import type { Route } from './+types/custodian-required'

/** Spec section 8: without a custodian_id the custodian route finds no employee policy. */
export const NO_CUSTODIAN = 'Could not find any employee policy'

export const meta: Route.MetaFunction = () => [{ title: 'Custodian · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	await requirePermission(args, 'employees.view')
	const id = new URL(args.request.url).searchParams.get('custodian_id')
	if (id && /^[0-9a-f-]{36}$/i.test(id)) throw redirect(`/mycover/custodian/${id}`)
	return data({ message: NO_CUSTODIAN }, { status: 404 })
}

export default function CustodianRequired() {
	return <EmptyState icon={SearchX} title={NO_CUSTODIAN} next={{ to: '/employees', label: 'Go to employees', kind: 'secondary' }} />
}
