import type { Db } from '../db/client.ts'
import { createLocalCacRegistry } from './local.ts'
import { createProviderCacRegistry } from './provider.ts'
import type { CacRegistry } from './registry.ts'

export type { CacCompany, CacRegistry } from './registry.ts'

/** The provider when CAC_PROVIDER_URL is set, otherwise the seeded local register. */
export function createCacRegistry(options: { db: Db; providerUrl?: string | undefined; providerKey?: string | undefined }): CacRegistry {
	if (options.providerUrl) return createProviderCacRegistry({ url: options.providerUrl, key: options.providerKey ?? '' })
	return createLocalCacRegistry(options.db)
}
