// `npx tsx bench/staff.ts` (and `npm run bench`): the staff register at scale on the embedded database.
// The /employees API page at 100 and at 100,000 staff (first page, and a page deep in the list by its
// keyset cursor), and a 10,000-row staff list import: preview, then commit (issue 12: within 5 s).
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../api/db/client.ts'
import { customers, roles, users } from '../api/db/schema.ts'
import { seedReferenceData } from '../api/db/seed/index.ts'
import type { Deps } from '../api/deps.ts'
import type { AuthUser } from '../api/http.ts'
import { listEmployees } from '../api/services/employee-list.ts'
import { commitImport, previewImport } from '../api/services/staff-import.ts'

const HEADER = 'first_name,last_name,email,phone,gender,date_of_birth'
const RUNS = 7

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const ms = (n: number) => Math.round(n * 10) / 10

async function time<T>(fn: () => Promise<T>) {
	const start = performance.now()
	const value = await fn()
	return { value, ms: performance.now() - start }
}

export async function runStaffBench() {
	const database = await openDatabase({ dataDir: null })
	const { db } = database
	await seedReferenceData(db)
	const deps = { db, now: () => new Date() } as unknown as Deps
	const [owner] = await db.select({ id: roles.id }).from(roles).where(sql`${roles.name} = 'Owner' and ${roles.customerId} is null`)
	async function business(name: string, staffCount: number) {
		const [customer] = await db.insert(customers).values({ kind: 'business', name, sector: 'Logistics' }).returning()
		const [user] = await db
			.insert(users)
			.values({
				customerId: customer!.id,
				roleId: owner!.id,
				firstName: 'Bench',
				lastName: 'Owner',
				email: `${name}@bench.test`,
				passwordHash: 'x',
			})
			.returning()
		// Generated in the database: 100,000 rows in one statement.
		await db.execute(sql`
			insert into employees (customer_id, first_name, last_name, email, phone, gender, enrolled_on)
			select ${customer!.id}, 'Staff' || n, (array['Okafor','Adeyemi','Eze','Bello','Nwosu'])[1 + n % 5], 'staff' || n || '@' || ${name} || '.ng',
				'080' || lpad(n::text, 8, '0'), case when n % 2 = 0 then 'female' else 'male' end, date '2026-01-01' + (n % 300)
			from generate_series(1, ${staffCount}) as n`)
		await db.execute(sql`analyze employees`)
		const auth: AuthUser = {
			id: user!.id,
			customerId: customer!.id,
			roleId: owner!.id,
			email: user!.email,
			firstName: 'Bench',
			emailVerifiedAt: new Date(),
			tokenId: 'bench',
			permissions: [],
		}
		return auth
	}
	async function pages(auth: AuthUser) {
		const first: number[] = []
		const deep: number[] = []
		const query = { sort: 'name' as const, page_size: 20 }
		let cursor: string | null = null
		for (let i = 0; i < RUNS; i++) {
			const page = await time(() => listEmployees(deps, auth.customerId, query))
			first.push(page.ms)
			cursor = page.value.next_cursor
		}
		// A cursor far into the list: the page after the 50,000th name (or the last).
		const [far] = (
			(await db.execute(sql`select lower(last_name) as l, lower(first_name) as f, id from employees where customer_id = ${auth.customerId}
				order by lower(last_name), lower(first_name), id offset ${50_000} limit 1`)) as unknown as {
				rows: Array<{ l: string; f: string; id: string }>
			}
		).rows
		if (far) cursor = Buffer.from(JSON.stringify([far.l, far.f, far.id])).toString('base64url')
		for (let i = 0; i < RUNS; i++)
			deep.push((await time(() => listEmployees(deps, auth.customerId, { ...query, cursor: cursor ?? undefined }))).ms)
		const searched: number[] = []
		for (let i = 0; i < RUNS; i++) searched.push((await time(() => listEmployees(deps, auth.customerId, { ...query, q: 'staff4242' }))).ms)
		return { firstPageMs: ms(median(first)), deepPageMs: ms(median(deep)), searchMs: ms(median(searched)) }
	}
	const small = await pages(await business('small', 100))
	const large = await pages(await business('large', 100_000))
	const importer = await business('importer', 0)
	const rows = Array.from(
		{ length: 10_000 },
		(_, i) => `Import${i},Okoro,import${i}@bench.ng,0809${String(1_000_000 + i)},${i % 2 ? 'male' : 'female'},`,
	)
	const file = new File([[HEADER, ...rows].join('\r\n')], 'staff.csv', { type: 'text/csv' })
	const form = new FormData()
	form.set('file', file)
	const preview = await time(() => previewImport(deps, importer, async () => form))
	if (preview.value.errors.length) throw new Error(`the import found problems: ${preview.value.errors[0]!.message}`)
	const commit = await time(() => commitImport(deps, importer, preview.value.id))
	await database.close()
	return {
		employeesPage: { at100: small, at100k: large },
		import10k: {
			previewMs: ms(preview.ms),
			commitMs: ms(commit.ms),
			totalMs: ms(preview.ms + commit.ms),
			budgetMs: 5_000,
			imported: commit.value.imported,
		},
	}
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const result = await runStaffBench()
	console.log(JSON.stringify(result, null, '\t'))
}
