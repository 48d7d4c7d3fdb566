import type { CacRegistry } from './cac/index.ts'
import type { Db } from './db/client.ts'
import type { ApiEnv } from './env.ts'
import type { Mailer } from './mail.ts'

/** Everything a route handler may reach beyond its request. */
export type Deps = {
	db: Db
	mailer: Mailer
	cac: CacRegistry
	env: Pick<ApiEnv, 'publicUrl' | 'outboxPage'>
	now: () => Date
}
