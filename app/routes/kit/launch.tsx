import { data, redirect, useLoaderData } from 'react-router'
import { isOriginOrAny, KIT_QUERY } from '#app/lib/kit.ts'
import { ApiCallError } from '#app/server/api.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/launch'
import { KitBridge } from './bridge.tsx'
import { KitProblem, kitHeaders } from './parts.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Cover kit' }, { name: 'robots', content: 'noindex' }]

export const headers: Route.HeadersFunction = kitHeaders

const MISSING = 'This kit link is not valid. Ask the site that sent you here to start again.'

/**
 * `/kit?inspectionSdk=…`: the payload is opened (once, within its time, for its origin: decision 075)
 * and the kit goes on at its session's page. kit.js says which origin framed it (`host_origin`); the
 * session's CSP then lets only that origin frame it, so a false claim gets a blank frame, not the kit.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const token = url.searchParams.get(KIT_QUERY)
	const claimed = url.searchParams.get('host_origin')
	const hostOrigin = claimed && isOriginOrAny(claimed) && claimed !== '*' ? claimed : null
	// The refusal may be shown in any frame: it holds nothing, and the customer must read it.
	const refuse = (status: number, message: string) =>
		data({ message, hostOrigin }, { status, headers: { 'X-Kit-Frame-Ancestors': '*', 'Cache-Control': 'no-store' } })
	if (!token) return refuse(400, MISSING)
	try {
		const session = (await apiFrom(context).openKit(token, hostOrigin)).data
		throw redirect(`/kit/${session.id}${hostOrigin ? '?framed=1' : ''}`, { headers: { 'Cache-Control': 'no-store' } })
	} catch (error) {
		if (error instanceof ApiCallError && error.status >= 400 && error.status < 500) return refuse(error.status, error.message)
		throw error
	}
}

export default function KitLaunch() {
	const { message, hostOrigin } = useLoaderData<typeof loader>()
	return (
		<>
			<KitBridge hostOrigin={hostOrigin} outcome={{ type: 'cover-kit:error', message }} />
			<KitProblem message={message} />
		</>
	)
}
