// The one Naira formatter lives with the API contract, so the portal and the API share one copy.
export * from '#api/contract/money.ts'
