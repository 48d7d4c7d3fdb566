import pg from 'pg'

/**
 * Every database of a test run is named `portal_test_<run>_…`, the run being the vitest process, so
 * two runs against one server (a developer's and CI's) never drop each other's databases.
 */
export const runPrefix = (run: string | number) => `portal_test_${run}_`
export const templateName = (run: string | number) => `${runPrefix(run)}template`

/** DATABASE_URL_TEST names the server; the default is the local one with trust auth. */
export function adminUrl(database?: string) {
	const url = new URL(process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test')
	if (database) url.pathname = `/${database}`
	return url.toString()
}

export async function withDatabase<T>(url: string, fn: (client: pg.Client) => Promise<T>) {
	const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
	await client.connect()
	try {
		return await fn(client)
	} finally {
		await client.end()
	}
}

export async function postgresAnswers() {
	try {
		await withDatabase(adminUrl(), (c) => c.query('select 1'))
		return true
	} catch {
		return false
	}
}

function isRunning(pid: number) {
	try {
		process.kill(pid, 0)
		return true
	} catch {
		return false
	}
}

/** The databases of one run, or, with no run named, those left by runs that are no longer running. */
export async function dropTestDatabases(run?: string | number) {
	await withDatabase(adminUrl(), async (client) => {
		const { rows } = await client.query<{ datname: string }>("select datname from pg_database where datname like 'portal\\_test\\_%'")
		for (const { datname } of rows) {
			const owner = Number(datname.match(/^portal_test_(\d+)_/)?.[1])
			const stale = run === undefined ? !owner || !isRunning(owner) : datname.startsWith(runPrefix(run))
			if (stale) await client.query(`drop database if exists "${datname}" with (force)`)
		}
	})
}

/** A new database copied from this run's migrated and seeded template; dropped with the run's others. */
export async function createTestDatabase(template: string, label: string) {
	const name = `${template.replace(/template$/, '')}${label}_${Math.random().toString(36).slice(2, 8)}`
	await withDatabase(adminUrl(), (c) => c.query(`create database ${name} template ${template}`))
	return adminUrl(name)
}
