import { z } from 'zod'

// Where a new account came from (spec sections 2, 3 and 9; docs/decisions/111-attribution.md).

/** Spec section 9's answers to "How did you hear about us?", in its order. */
export const REFERRAL_CHANNELS = [
	'billboard',
	'facebook',
	'instagram',
	'twitter',
	'linkedIn',
	'radio',
	'newsletter',
	'referral',
	'influencer',
	'other',
] as const
export type ReferralChannel = (typeof REFERRAL_CHANNELS)[number]

export const REFERRAL_CHANNEL_LABELS: Record<ReferralChannel, string> = {
	billboard: 'Billboard',
	facebook: 'Facebook',
	instagram: 'Instagram',
	twitter: 'Twitter (X)',
	linkedIn: 'LinkedIn',
	radio: 'Radio',
	newsletter: 'Newsletter',
	referral: 'A friend or colleague referred me',
	influencer: 'An influencer',
	other: 'Somewhere else',
}

/**
 * The marketing channels a `utm_source` is kept for (decision 111): social, media and sales sources,
 * lowercased. Any other value is dropped, so a link cannot write free text into the account.
 */
export const MARKETING_CHANNELS = [
	// social
	'facebook',
	'instagram',
	'twitter',
	'x',
	'linkedin',
	'tiktok',
	'youtube',
	'whatsapp',
	'telegram',
	// media
	'google',
	'bing',
	'newsletter',
	'email',
	'sms',
	'radio',
	'tv',
	'billboard',
	'podcast',
	'blog',
	'press',
	// sales
	'sales',
	'agent',
	'partner',
	'event',
	'referral',
	'influencer',
] as const
export type MarketingChannel = (typeof MARKETING_CHANNELS)[number]

/** A referral code: 8 letters and digits without the ones read alike (0/O, 1/I/L). */
export const ReferralCode = z
	.string()
	.trim()
	.toUpperCase()
	.regex(/^[A-HJKMNP-Z2-9]{8}$/, 'This referral code is not valid.')

/** A campaign code from a link: letters, digits, dashes and underscores, at most 40. */
export const CampaignCode = z
	.string()
	.trim()
	.regex(/^[A-Za-z0-9_-]{1,40}$/, 'This campaign code is not valid.')

/** What sign-up may carry of where the account came from; each part optional. */
export const AttributionBody = z.object({
	channel_source: z.enum(MARKETING_CHANNELS).optional(),
	referrer: ReferralCode.optional(),
	campaign_code: CampaignCode.optional(),
	heard_from: z.enum(REFERRAL_CHANNELS, { message: 'Choose one of the answers.' }).optional(),
})
export type AttributionBody = z.infer<typeof AttributionBody>

// Reading a link's query (spec section 2): shared by the portal's cookie and the tests.

/** What an address's query says of where a visitor came from: only the parts that pass their rule. */
export type Attribution = { channel_source?: MarketingChannel; referrer?: string; campaign_code?: string }

/** `utm_source` as a known marketing channel, or nothing: case and spaces do not matter. */
export function marketingChannel(value: string | null | undefined): MarketingChannel | undefined {
	const v = value?.trim().toLowerCase()
	return (MARKETING_CHANNELS as readonly string[]).includes(v ?? '') ? (v as MarketingChannel) : undefined
}

/**
 * Read `utm_source`, `referrer` and `campaign` from a query (spec section 2). Null when none of them
 * is there at all, so a page without them leaves what was stored alone; each bad part is dropped.
 */
export function attributionFromQuery(query: URLSearchParams): Attribution | null {
	if (!query.has('utm_source') && !query.has('referrer') && !query.has('campaign')) return null
	const found: Attribution = {}
	const channel = marketingChannel(query.get('utm_source'))
	if (channel) found.channel_source = channel
	const referrer = ReferralCode.safeParse(query.get('referrer') ?? '')
	if (referrer.success) found.referrer = referrer.data
	const campaign = CampaignCode.safeParse(query.get('campaign') ?? '')
	if (campaign.success) found.campaign_code = campaign.data
	return found
}

/**
 * A later link's parts replace the stored ones it carries; the others stay (the last touch wins per
 * part, so a campaign link after a friend's referral link keeps the friend).
 */
export function mergeAttribution(stored: Attribution | null, found: Attribution): Attribution {
	return { ...(stored ?? {}), ...found }
}
