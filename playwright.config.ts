import { defineConfig } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3210)
const dataDir = process.env.E2E_DATA_DIR ?? `./data/e2e-${port}`

/** Debian's chromium, with the flags that keep it quiet on a machine without internet. */
const launchOptions = {
	executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
	timeout: 60_000,
	expect: { timeout: 10_000 },
	fullyParallel: true,
	workers: process.env.CI ? 2 : undefined,
	retries: 0,
	reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
	use: {
		baseURL: `http://localhost:${port}`,
		launchOptions,
		trace: 'retain-on-failure',
	},
	projects: [
		{ name: 'js', use: { javaScriptEnabled: true } },
		{ name: 'no-js', use: { javaScriptEnabled: false } },
	],
	webServer: {
		// A fresh embedded database each run: the demo accounts are seeded on start.
		command: `rm -rf ${dataDir} && node build/server.js`,
		url: `http://localhost:${port}/login`,
		timeout: 120_000,
		reuseExistingServer: false,
		env: { PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production' },
		stdout: 'pipe',
	},
})
