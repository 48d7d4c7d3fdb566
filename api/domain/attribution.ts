import { CampaignCode, MARKETING_CHANNELS, type MarketingChannel, ReferralCode } from '../contract/attribution.ts'

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
