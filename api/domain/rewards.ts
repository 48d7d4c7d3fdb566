// Referral rewards (docs/decisions/112-referral-rewards.md): pure rules, no I/O.

/** What the referrer is paid into the wallet for a referral that qualifies, in Naira. */
export const REFERRAL_REWARD = 2_500
/** Cover must be kept this many days, not cancelled within them, for the referral to qualify. */
export const QUALIFYING_DAYS = 30

export const VOID_REASONS = {
	self: 'The account was opened by the referrer’s own business.',
	same_payer: 'The cover was paid with a card the referrer’s business uses.',
} as const
export type VoidReason = keyof typeof VOID_REASONS

const DAY_MS = 86_400_000

/** Who the referrer's business is: its members' emails and the phones of the business and its members. */
export type Party = { emails: readonly string[]; phones: readonly string[] }

const normalEmail = (e: string) => e.trim().toLowerCase()
const normalPhone = (p: string) => p.replace(/\D/g, '').replace(/^234/, '0')

/** A new account opened by someone of the referring business (the same email or phone) refers itself. */
export function isSelfReferral(referrer: Party, newcomer: { email: string; phone: string | null }) {
	const email = normalEmail(newcomer.email)
	if (referrer.emails.some((e) => normalEmail(e) === email)) return true
	const phone = newcomer.phone ? normalPhone(newcomer.phone) : ''
	return phone !== '' && referrer.phones.some((p) => normalPhone(p) === phone)
}

/** A policy the referred customer bought: when its cover was paid for, and when it was ended if it was. */
export type BoughtCover = { paidAt: Date; endedOn: Date | null }

/**
 * Whether the referral qualifies at `now`: some cover was paid at least QUALIFYING_DAYS ago and not
 * ended (deactivated or removed) before those days were over. Cover still inside its days does not
 * qualify yet; it may later.
 */
export function qualifyingCover<C extends BoughtCover>(covers: readonly C[], now: Date): C | null {
	return (
		covers.find((c) => {
			const kept = new Date(c.paidAt.getTime() + QUALIFYING_DAYS * DAY_MS)
			return kept <= now && (c.endedOn === null || c.endedOn >= kept)
		}) ?? null
	)
}

/**
 * What becomes of a pending referral at `now`: void when the cover was paid with a card the
 * referrer's business also holds (the referrer paying for its own reward), earned when cover
 * qualifies, else still pending.
 */
export function referralOutcome<C extends BoughtCover>(input: {
	covers: readonly C[]
	sharesACard: boolean
	now: Date
}): { status: 'pending' } | { status: 'earned'; qualifiedAt: Date; cover: C } | { status: 'void'; reason: VoidReason } {
	const cover = qualifyingCover(input.covers, input.now)
	if (!cover) return { status: 'pending' }
	if (input.sharesACard) return { status: 'void', reason: 'same_payer' }
	return { status: 'earned', qualifiedAt: new Date(cover.paidAt.getTime() + QUALIFYING_DAYS * DAY_MS), cover }
}

/** An earned reward is paid once the referrer's account has finished KYC (a sector): till then it waits. */
export const mayBePaid = (referrer: { sector: string | null }) => Boolean(referrer.sector)

/** A fresh referral code: 8 characters of an alphabet without look-alikes. */
export function newReferralCode(random: (n: number) => Uint8Array) {
	const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
	return [...random(8)].map((b) => alphabet[b % alphabet.length]).join('')
}
