import type { RegistrationType } from '../contract/registration-rule.ts'

export type CacCompany = { name: string; registrationNumber: string; businessType: RegistrationType }

/**
 * The Corporate Affairs Commission's register, behind one adapter: the local table by default, a
 * verification provider when CAC_PROVIDER_URL is set. `null` means no company has that number.
 */
export interface CacRegistry {
	lookup(input: { businessType: RegistrationType; registrationNumber: string }): Promise<CacCompany | null>
}
