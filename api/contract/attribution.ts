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
