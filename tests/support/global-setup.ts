import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '#api/db/client.ts'
import { seedReferenceData } from '#api/db/seed/index.ts'
import { adminUrl, dropTestDatabases, postgresAnswers, templateName, withDatabase } from './postgres.ts'

declare module 'vitest' {
	export interface ProvidedContext {
		pgliteSnapshot: string
		postgresTemplate: string | null
	}
}

/**
 * Migrate and seed once per run: a PGlite snapshot the workers load, and a PostgreSQL template
 * database each worker copies. Opening an empty PGlite costs seconds; loading a snapshot does not.
 */
export default async function setup(project: TestProject) {
	if (process.env.TEST_DB === 'postgres' || project.name === 'postgres') {
		if (!(await postgresAnswers())) {
			console.warn(`[tests] no PostgreSQL server at ${adminUrl()}: the postgres project is skipped`)
			project.provide('postgresTemplate', null)
			project.provide('pgliteSnapshot', '')
			return
		}
		await dropTestDatabases()
		const template = templateName(process.pid)
		await withDatabase(adminUrl(), (client) => client.query(`create database ${template}`))
		const url = adminUrl(template)
		const database = await openDatabase({ url })
		await seedReferenceData(database.db)
		await database.close()
		project.provide('postgresTemplate', template)
		project.provide('pgliteSnapshot', '')
		return () => dropTestDatabases(process.pid)
	}
	const database = await openDatabase({ dataDir: null })
	await seedReferenceData(database.db)
	const client = (database.db as unknown as { $client: { dumpDataDir: (c: 'none') => Promise<Blob> } }).$client
	const blob = await client.dumpDataDir('none')
	await database.close()
	const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-')), 'snapshot.tar')
	writeFileSync(file, Buffer.from(await blob.arrayBuffer()))
	project.provide('pgliteSnapshot', file)
	project.provide('postgresTemplate', null)
}
