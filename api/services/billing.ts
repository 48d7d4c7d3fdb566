// Billing of staff plans (docs/decisions/095-billing-of-staff-plans.md), in modules by concern
// (./billing/): who a plan bills, issuing, the monthly run, payments, collection, credit notes, the
// business's invoices as read, and the desk's.

export * from './billing/collection.ts'
export * from './billing/credit-notes.ts'
export * from './billing/desk.ts'
export * from './billing/issue.ts'
export * from './billing/payments.ts'
export * from './billing/people.ts'
export * from './billing/run.ts'
export * from './billing/views.ts'
