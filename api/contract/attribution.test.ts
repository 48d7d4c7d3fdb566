import { describe, expect, test } from 'vitest'
import { MARKETING_CHANNELS, REFERRAL_CHANNELS, attributionFromQuery, marketingChannel, mergeAttribution } from './attribution.ts'

describe('attribution (spec section 2, decision 111)', () => {
	test('utm_source is kept only when it is a known marketing channel, whatever its case', () => {
		expect(marketingChannel('Facebook')).toBe('facebook')
		expect(marketingChannel(' linkedin ')).toBe('linkedin')
		expect(marketingChannel('evil.example')).toBeUndefined()
		expect(marketingChannel('<script>')).toBeUndefined()
		expect(marketingChannel(null)).toBeUndefined()
	})
	test('the marketing list holds social, media and sales sources and the referral channels of section 9', () => {
		for (const c of ['facebook', 'instagram', 'tiktok', 'google', 'radio', 'billboard', 'sales', 'agent', 'referral']) {
			expect(MARKETING_CHANNELS).toContain(c)
		}
		for (const c of REFERRAL_CHANNELS.filter((c) => c !== 'other')) expect(MARKETING_CHANNELS).toContain(c.toLowerCase())
	})
	test('a query: each part kept when it passes its rule, the others dropped', () => {
		expect(attributionFromQuery(new URLSearchParams('utm_source=Instagram&referrer=abcd2345&campaign=NOV-26'))).toEqual({
			channel_source: 'instagram',
			referrer: 'ABCD2345',
			campaign_code: 'NOV-26',
		})
		expect(attributionFromQuery(new URLSearchParams('utm_source=spam&referrer=nope&campaign=a%20b'))).toEqual({})
	})
	test('a page without any of them changes nothing', () => {
		expect(attributionFromQuery(new URLSearchParams('page=2'))).toBeNull()
	})
	test('a later link replaces only the parts it carries', () => {
		expect(mergeAttribution({ referrer: 'ABCD2345', channel_source: 'referral' }, { campaign_code: 'XMAS' })).toEqual({
			referrer: 'ABCD2345',
			channel_source: 'referral',
			campaign_code: 'XMAS',
		})
	})
})
