import { and, eq } from 'drizzle-orm'
import { isRegistrationNumber, normalizeRegistrationNumber } from '../contract/registration-rule.ts'
import type { Db } from '../db/client.ts'
import { cacRegistry } from '../db/schema.ts'
import type { CacRegistry } from './registry.ts'

/** The seeded `cac_registry` table: numbers of the wrong form for their type are never found. */
export function createLocalCacRegistry(db: Db): CacRegistry {
	return {
		async lookup({ businessType, registrationNumber }) {
			if (!isRegistrationNumber(businessType, registrationNumber)) return null
			const [row] = await db
				.select()
				.from(cacRegistry)
				.where(
					and(
						eq(cacRegistry.registrationNumber, normalizeRegistrationNumber(registrationNumber)),
						eq(cacRegistry.businessType, businessType),
					),
				)
			return row ?? null
		},
	}
}
