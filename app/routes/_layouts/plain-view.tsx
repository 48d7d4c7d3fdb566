import { Outlet } from 'react-router'
import { PlainViewLayout } from '#app/components/layout/layouts.tsx'

export default function Layout() {
	return (
		<PlainViewLayout>
			<Outlet />
		</PlainViewLayout>
	)
}
