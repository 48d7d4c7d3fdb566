import type { Db } from '../client.ts'
import type { Storage } from '../../storage/index.ts'
import { seedDemoClaims } from './claims.ts'
import { seedDemoInvoices } from './demo-invoices.ts'
import { seedDemoPlans } from './demo-plans.ts'
import { seedDemoRewards } from './demo-rewards.ts'
import { seedDemoStaff } from './demo-staff.ts'
import { seedDemoTeam } from './demo-team.ts'
import { seedDemoAccounts } from './index.ts'
import { seedDemoInspections } from './inspections.ts'

/**
 * Every demo record, in the order each needs the last: the accounts, the business's team, staff and plans,
 * claims in every state, inspections, invoices and rewards. The embedded default seeds them on start; the
 * bench seeds them on a PostgreSQL database of its own to load the same pages there.
 */
export async function seedDemo(db: Db, storage: Storage) {
	await seedDemoAccounts(db)
	await seedDemoTeam(db, 'business@example.com')
	await seedDemoStaff(db, 'business@example.com')
	await seedDemoPlans(db, 'business@example.com')
	await seedDemoClaims(db, storage)
	await seedDemoInspections(db, storage)
	await seedDemoInvoices(db, 'business@example.com')
	await seedDemoRewards(db)
}
