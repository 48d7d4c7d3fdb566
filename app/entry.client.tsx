import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { chunkReloadGuard } from './client/chunk-reload.ts'

// React Router reloads the page whenever a route module fails to load; vite.config.ts makes it ask this
// first, so a chunk that is gone for good reloads a path once per 10 s instead of forever.
window.__chunkReload = chunkReloadGuard()

startTransition(() => {
	hydrateRoot(
		document,
		<StrictMode>
			<HydratedRouter />
		</StrictMode>,
	)
})
