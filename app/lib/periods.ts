// The cover periods live with the API contract, so the portal and the API share one copy.
export * from '#api/contract/periods.ts'
