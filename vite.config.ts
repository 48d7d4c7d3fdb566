import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { chunkReloadGuard } from './scripts/chunk-reload-guard.ts'
import { conformMetadataOnce } from './scripts/conform-metadata-once.ts'
import { reactRouterProduction } from './scripts/react-router-production.ts'
import { serverLinks } from './scripts/server-links.ts'

export default defineConfig({
	plugins: [tailwindcss(), reactRouter(), chunkReloadGuard(), conformMetadataOnce(), reactRouterProduction(), serverLinks()],
	// Bundled into the server's build, where conformMetadataOnce changes it (decision 136).
	ssr: { noExternal: ['@conform-to/react'] },
	// Hidden maps (no sourceMappingURL comment) only when they go to Sentry; scripts/source-maps.ts
	// uploads them and deletes every map from build/client (docs/decisions/060-error-reporting.md).
	build: {
		sourcemap: process.env.SENTRY_AUTH_TOKEN && process.env.SENTRY_ORG && process.env.SENTRY_PROJECT ? 'hidden' : false,
		// React and React Router as one chunk: one download that changes only with their versions, and less
		// per-chunk overhead in the first load than the four pieces Rolldown makes of them by default.
		rolldownOptions: {
			output: {
				advancedChunks: {
					groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
				},
			},
		},
	},
})
