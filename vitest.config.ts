import { defineConfig } from 'vitest/config'

const integration = ['api/**/*.integration.test.ts', 'app/**/*.integration.test.ts']

// The integration files of a worker share its modules (`isolate: false`): each used to import the whole
// API again, 3.6 s a file and about half of the run (decision 138). Each still gets a database of its
// own, opened by tests/support/test-api.ts and closed after the file by the setup file.
const sharedModules = { isolate: false, setupFiles: ['tests/support/file-database.ts'] }

export default defineConfig({
	test: {
		// Two files at once even on two cores (Vitest's default there is one): an integration test spends
		// much of its time waiting on PostgreSQL, a process of its own, or on a child process it started.
		maxWorkers: 2,
		projects: [
			{
				extends: true,
				test: {
					name: 'unit',
					include: ['app/**/*.test.{ts,tsx}', 'api/**/*.test.ts', 'scripts/**/*.test.ts', 'server/**/*.test.ts', 'bench/**/*.test.ts'],
					exclude: integration,
				},
			},
			{
				extends: true,
				test: {
					name: 'pglite',
					include: integration,
					...sharedModules,
					globalSetup: ['tests/support/global-setup.ts'],
					env: { TEST_DB: 'pglite' },
					testTimeout: 30_000,
					hookTimeout: 60_000,
				},
			},
			{
				extends: true,
				test: {
					name: 'postgres',
					include: integration,
					...sharedModules,
					globalSetup: ['tests/support/global-setup.ts'],
					env: { TEST_DB: 'postgres' },
					testTimeout: 30_000,
					hookTimeout: 60_000,
				},
			},
		],
	},
})
