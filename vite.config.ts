import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { chunkReloadGuard } from './scripts/chunk-reload-guard.ts'

export default defineConfig({
	plugins: [tailwindcss(), reactRouter(), chunkReloadGuard()],
	// No preload helper for import(): it would weigh more on first load than the little code loaded later.
	build: { sourcemap: false, modulePreload: false },
})
