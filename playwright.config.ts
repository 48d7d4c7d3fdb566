import { existsSync } from 'node:fs'
import { defineConfig } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3210)
const dataDir = process.env.E2E_DATA_DIR ?? `./data/e2e-${port}`
// The two tiers apart: the API alone, and a portal that reaches it over HTTP.
const apiPort = port + 1
const remotePortalPort = port + 2

/**
 * Debian's headless Chromium (chromium-headless-shell) where it is installed, else its chromium, with
 * the flags that keep it quiet on a machine without internet. The shell is the same engine without the
 * full browser's compositing and UI: on the suite's two cores it spent about 40% less processor time on
 * the same journeys (docs/decisions/138-suite-time.md).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const launchOptions = {
	executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
	args: [
		'--no-sandbox',
		'--disable-gpu',
		'--disable-background-networking',
		'--disable-component-update',
		'--disable-sync',
		'--no-first-run',
		'--disable-quic',
	],
}

export default defineConfig({
	testDir: './tests/e2e',
	// CI runs on a shared 2-core machine whose speed has varied threefold between runs of the same
	// commit: the limits there leave room for a slow run, and a test that fails once is run again and
	// reported as flaky in the list rather than hidden.
	timeout: process.env.CI ? 150_000 : 60_000,
	expect: { timeout: process.env.CI ? 20_000 : 10_000 },
	fullyParallel: true,
	workers: process.env.CI ? 2 : undefined,
	retries: process.env.CI ? 1 : 0,
	reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
	use: {
		baseURL: `http://localhost:${port}`,
		launchOptions,
		trace: 'retain-on-failure',
		// The service worker precaches the build's ~190 files (1.5 MB) in every new context, which a journey
		// never needs and the run's two cores paid for once per test: the specs about the worker
		// (offline.spec.ts, and errors.spec.ts' offline page) allow it.
		serviceWorkers: 'block',
	},
	projects: [
		{ name: 'js', use: { javaScriptEnabled: true }, testIgnore: /two-tier/ },
		{ name: 'no-js', use: { javaScriptEnabled: false }, testIgnore: /two-tier/ },
		{
			name: 'two-tier',
			testMatch: /two-tier\.spec\.ts/,
			use: { baseURL: `http://localhost:${remotePortalPort}` },
		},
	],
	webServer: [
		{
			// A fresh embedded database each run: the demo accounts are seeded on start.
			command: `rm -rf ${dataDir} && node build/server.js`,
			url: `http://localhost:${port}/login`,
			timeout: 120_000,
			reuseExistingServer: false,
			env: { PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
			stdout: 'pipe',
		},
		{
			command: `rm -rf ${dataDir}-api && node --import tsx api/main.ts`,
			url: `http://localhost:${apiPort}/api/v1/openapi.json`,
			timeout: 120_000,
			reuseExistingServer: false,
			env: { API_PORT: String(apiPort), DATA_DIR: `${dataDir}-api`, PUBLIC_URL: `http://localhost:${remotePortalPort}`, LOG_LEVEL: 'warn' },
		},
		{
			command: 'node build/server.js',
			url: `http://localhost:${remotePortalPort}/login`,
			timeout: 120_000,
			reuseExistingServer: false,
			env: {
				PORT: String(remotePortalPort),
				LOG_LEVEL: 'warn',
				API_BASE_URL: `http://localhost:${apiPort}`,
				DATA_DIR: `${dataDir}-portal`,
				NODE_ENV: 'production',
			},
		},
	],
})
