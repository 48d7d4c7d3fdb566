import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { chunkReloadGuard } from './client/chunk-reload.ts'

// React Router reloads the page whenever a route module fails to load; vite.config.ts makes it ask this
// first, so a chunk that is gone for good reloads a path once per 10 s instead of forever.
window.__chunkReload = chunkReloadGuard()

// Section 9's progress bar, scroll to the top and route preloads load at the first pointer move, press or
// focus on the page, outside the first load (app/client/navigation-effects.ts). Not at `pointerover`:
// Chromium sends one after the first layout to whatever is under a pointer that has not moved (a
// headless browser's sits at 0,0), so the chunk joined the first load whenever it beat hydration.
const navigationEffects = () => void import('./client/navigation-effects.ts').then((m) => m.start())
for (const type of ['pointermove', 'pointerdown', 'focusin']) addEventListener(type, navigationEffects, { once: true, passive: true })

startTransition(() => {
	hydrateRoot(
		document,
		<StrictMode>
			<HydratedRouter />
		</StrictMode>,
	)
})
