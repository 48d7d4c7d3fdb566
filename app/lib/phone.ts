// The telephone rule lives with the API contract, so the portal and the API share one copy.
export * from '#api/contract/phone-rule.ts'
