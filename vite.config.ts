import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { chunkReloadGuard } from './scripts/chunk-reload-guard.ts'

export default defineConfig({
	plugins: [tailwindcss(), reactRouter(), chunkReloadGuard()],
	build: { sourcemap: false },
})
