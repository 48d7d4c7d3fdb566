import { data } from 'react-router'
import type { Route } from './+types/not-found'

/** Unknown routes: a 404 that names the full path asked for. */
export function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	throw data(`Page not found: ${url.pathname}${url.search}`, { status: 404 })
}

export default function NotFound() {
	return null
}
