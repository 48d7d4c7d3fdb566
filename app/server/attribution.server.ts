import { createCookie } from 'react-router'
import { z } from 'zod'
import { type Attribution, MARKETING_CHANNELS, attributionFromQuery, mergeAttribution } from '#api/contract/attribution.ts'
import { portalEnv } from './env.server.ts'

// Where a visitor came from, kept from the first page they opened until they sign up
// (docs/decisions/111-attribution.md): a signed cookie, so it works without JavaScript.

/** A referral or campaign link is worth keeping for 30 days. */
const KEEP_SECONDS = 30 * 24 * 60 * 60

let cookie: ReturnType<typeof createCookie> | undefined
function attributionCookie() {
	cookie ??= createCookie('attribution', {
		path: '/',
		sameSite: 'lax',
		httpOnly: true,
		secure: portalEnv().secureCookies,
		secrets: portalEnv().sessionSecrets,
		maxAge: KEEP_SECONDS,
	})
	return cookie
}

const Stored = z
	.object({
		channel_source: z.enum(MARKETING_CHANNELS).optional(),
		referrer: z.string().optional(),
		campaign_code: z.string().optional(),
	})
	.catch({})

/** What the cookie holds: each part as it passed its rule when it was stored. */
export async function readAttribution(request: Request): Promise<Attribution> {
	return Stored.parse(await attributionCookie().parse(request.headers.get('Cookie')))
}

/** Set-Cookie for a page whose address carries utm_source, referrer or campaign; null for any other. */
export async function attributionHeader(request: Request) {
	const found = attributionFromQuery(new URL(request.url).searchParams)
	if (!found) return null
	return attributionCookie().serialize(mergeAttribution(await readAttribution(request), found))
}

/** Signing up used it: the cookie goes. */
export const clearAttribution = () => attributionCookie().serialize({}, { maxAge: 0 })
