import { Outlet } from 'react-router'

/** The kit's own layout: the whole frame, no portal navigation (docs/decisions/076-kit-frame.md). */
export default function KitLayout() {
	return (
		<main id="main" className="mx-auto flex min-h-dvh w-full max-w-xl flex-col px-4 py-6">
			<Outlet />
		</main>
	)
}
