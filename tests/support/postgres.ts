import pg from 'pg'

export const TEMPLATE_DB = 'portal_test_template'

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

/** The template and every worker database of earlier runs. */
export async function dropTestDatabases() {
	await withDatabase(adminUrl(), async (client) => {
		const { rows } = await client.query<{ datname: string }>(
			"select datname from pg_database where datname like 'portal_test_%'",
		)
		for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`)
	})
}

/** A new database copied from the migrated and seeded template of this run; dropped with the others at the end. */
export async function createTestDatabase(label: string) {
	const name = `portal_test_${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
	await withDatabase(adminUrl(), (c) => c.query(`create database ${name} template ${TEMPLATE_DB}`))
	return adminUrl(name)
}
