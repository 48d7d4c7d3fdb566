import { createRequire } from 'node:module'
import { logger } from '../telemetry/logger.ts'

// pg-boss 10 settles a worked job with `this.complete(…)` or `this.fail(…)` and neither awaits nor
// catches the promise (src/manager.js, onFetch; timgit/pg-boss#577, fixed only in versions that need
// Node 22). When the database goes away while a job runs, that write rejects unhandled and Node ends
// the whole process: the portal with it. The two methods are wrapped once so that their promise has a
// handler that logs; a caller that awaits them still gets the rejection. The job is not lost: unsettled,
// it expires and is run again (every job is idempotent, docs/decisions/090-job-runner.md).

type Settle = (this: unknown, ...args: unknown[]) => Promise<unknown>
type ManagerClass = { prototype: Record<string, Settle> & { __settleGuarded?: boolean } }

const require = createRequire(import.meta.url)

/** Wrap pg-boss's complete and fail so that a database outage while settling a job is logged, not fatal. */
export function guardJobSettling(Manager: ManagerClass = require('pg-boss/src/manager') as ManagerClass) {
	const proto = Manager.prototype
	if (proto.__settleGuarded) return
	for (const name of ['complete', 'fail'] as const) {
		const original = proto[name]
		if (typeof original !== 'function') throw new Error(`pg-boss has no Manager.${name}: check guardJobSettling against its version`)
		proto[name] = function (this: unknown, ...args: unknown[]) {
			const settling = original.apply(this, args)
			settling.catch((error: unknown) =>
				logger.warn(
					`[jobs] a job could not be marked ${name === 'complete' ? 'done' : 'failed'}: ${error instanceof Error ? error.message : error}`,
				),
			)
			return settling
		}
	}
	proto.__settleGuarded = true
}
