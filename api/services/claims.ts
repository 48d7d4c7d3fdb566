// Claims, from the customer's draft to the desk's payout, in modules by concern (./claims/): the
// policy a claim is made on, its lifecycle, its files, how it reads, its offer and its payout.

export * from './claims/files.ts'
export * from './claims/lifecycle.ts'
export * from './claims/offers.ts'
export * from './claims/payouts.ts'
export * from './claims/policy.ts'
export * from './claims/views.ts'
