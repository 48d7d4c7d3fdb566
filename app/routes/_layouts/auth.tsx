import { Outlet } from 'react-router'
import { AuthLayout } from '#app/components/layout/layouts.tsx'

export default function Layout() {
	return (
		<AuthLayout>
			<Outlet />
		</AuthLayout>
	)
}
