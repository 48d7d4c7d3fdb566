import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

/** The route map, mirroring the spec's route table (section 2). */
export default [
	layout('routes/_layouts/auth.tsx', [
		route('login', 'routes/auth/login.tsx'),
		route('register', 'routes/auth/register.tsx'),
		route('password-reset', 'routes/auth/password-reset.tsx'),
		route('invitation', 'routes/auth/invitation.tsx'),
		// A visitor buys cover, signing up on the way (docs/decisions/017-register-and-buy.md).
		route('register/:productId', 'routes/register/index.ts'),
		route('register/:productId/create-account', 'routes/register/create-account.tsx'),
	]),
	layout('routes/_layouts/plain-view.tsx', [
		route('verify-account', 'routes/auth/verify-account.tsx'),
		// More-view needs a session, and a visitor has none yet: decision 017.
		route('register/:productId/buy-plan', 'routes/register/buy-plan.tsx'),
		// Where the payment gateway sends the payer back: it works without the session (decision 012).
		route('fund-wallet/callback', 'routes/wallet/fund-callback.tsx'),
		route('purchase/callback', 'routes/purchase/callback.tsx'),
		route('invoice/callback', 'routes/invoices/callback.tsx'),
		// Public: anyone holding a certificate or receipt checks its code (docs/decisions/039-verification-codes.md).
		route('verify', 'routes/verify/index.tsx'),
		route('verify/:code', 'routes/verify/code.tsx'),
		// The phone's side of an inspection hand-off: the link's code is its key, no session (decision 104).
		route('inspection-scanner', 'routes/inspections/scanner.tsx'),
	]),
	layout('routes/_layouts/dashboard.tsx', [
		index('routes/home/index.tsx'),
		route('settings', 'routes/settings/index.tsx'),
		route('settings/roles', 'routes/settings/roles.tsx'),
		route('wallet', 'routes/wallet/index.tsx'),
		route('transaction-history', 'routes/transactions/index.tsx'),
		route('invoice', 'routes/invoices/index.tsx'),
		route('products', 'routes/products/index.tsx'),
		route('mycover', 'routes/mycover/index.tsx'),
		route('mycover/:planId', 'routes/mycover/plan.tsx'),
		route('employees', 'routes/employees/index.tsx'),
		route('claims', 'routes/claims/index.tsx'),
		// Rewards and referrals, and the bell's notifications (docs/decisions/112, 114).
		route('rewards', 'routes/rewards/index.tsx'),
		route('rewards/all', 'routes/rewards/all.tsx'),
		route('notifications', 'routes/notifications/index.tsx'),
	]),
	layout('routes/_layouts/more-view.tsx', [
		route('update/kyc', 'routes/auth/kyc.tsx'),
		route('settings/edit', 'routes/settings/edit-profile.tsx'),
		route('settings/edit/:userId', 'routes/settings/edit-member.tsx'),
		route('settings/roles/new', 'routes/settings/role-new.tsx'),
		route('settings/roles/:roleId', 'routes/settings/role-edit.tsx'),
		route('fund-wallet', 'routes/wallet/fund.tsx'),
		route('withdraw', 'routes/wallet/withdraw.tsx'),
		route('manage-card', 'routes/wallet/cards.tsx'),
		route('transaction-history/:transactionId', 'routes/transactions/receipt.tsx'),
		// Invoices of staff plans (docs/decisions/095-billing-of-staff-plans.md).
		route('invoice/:invoiceId', 'routes/invoices/invoice.tsx'),
		route('products/:productId', 'routes/products/product.tsx'),
		// Batch upload of staff and the staff plan's activation sheet (docs/decisions/016-batch-upload.md).
		route('products/:productId/batch', 'routes/products/batch.tsx'),
		route('mycover/:planId/activate-staff', 'routes/mycover/activate-staff.tsx'),
		route('register/:productId/payment', 'routes/register/payment.tsx'),
		route('mycover/:planId/activate', 'routes/mycover/activate.tsx'),
		// The staff register, its lifecycle, dependants and custodians (docs/decisions/050, 051, 052).
		route('employees/deactivate', 'routes/employees/leave.tsx', { id: 'employees-deactivate' }),
		route('employees/remove-staff', 'routes/employees/leave.tsx', { id: 'employees-remove-staff' }),
		route('employees/:employeeId', 'routes/employees/employee.tsx'),
		route('import-staff', 'routes/employees/import.tsx'),
		route('mycover/custodian', 'routes/custodians/custodian-required.tsx'),
		route('mycover/custodian/:custodianId', 'routes/custodians/custodian.tsx'),
		route('mycover/custodian/remove-dependant/:dependantId', 'routes/custodians/remove-dependant.tsx'),
		route('manage-custodian/:purchaseId/add', 'routes/custodians/add.tsx'),
		route('manage-custodian/:purchaseId/add/new', 'routes/custodians/add-new.tsx'),
		route('manage-custodian/:purchaseId/add/from-staff-list', 'routes/custodians/from-staff-list.tsx'),
		route('manage-custodian/:purchaseId/activate', 'routes/custodians/activate.tsx'),
		// Managing a plan (issue 14; docs/decisions/078 to 082).
		route('mycover/:planId/plan-information', 'routes/mycover/plan-information.tsx'),
		route('mycover/:planId/remove-policies', 'routes/mycover/remove-policies.tsx'),
		route('mycover/:planId/edit-period-of-cover', 'routes/mycover/edit-period-of-cover.tsx'),
		route('mycover/:planId/renew', 'routes/mycover/renew.tsx'),
		route('mycover/:planId/edit-plan', 'routes/mycover/edit-plan.tsx'),
		route('mycover/:planId/migration-list', 'routes/mycover/migration-list.tsx'),
		route('mycover/:planId/plan-migration', 'routes/mycover/plan-migration.tsx'),
		route('mycover/:planId/batch-removal', 'routes/mycover/batch-removal.tsx'),
		// Claims (docs/decisions/068-claim-lifecycle.md); /claims/details-{claim_id} shares /claims/{plan_id}'s module.
		route('claims/make-claim', 'routes/claims/make-claim.tsx'),
		route('claims/make-claim/:claimId', 'routes/claims/resume.tsx'),
		route('claims/make-claim/:claimId/form', 'routes/claims/form.tsx'),
		route('claims/make-claim/:claimId/list', 'routes/claims/list.tsx'),
		route('claims/make-claim/:claimId/estimate', 'routes/claims/estimate.tsx'),
		route('claims/make-claim/:claimId/inspection', 'routes/claims/inspection.tsx'),
		route('claims/:planId', 'routes/claims/segment.tsx'),
		route('mycover/:planId/plan-usage', 'routes/mycover/plan-usage.tsx'),
		// Pre-inspections (docs/decisions/103-pre-inspections.md).
		route('pre-inspection/:policyId', 'routes/inspections/pre-inspection.tsx'),
	]),
	// The embedded kit, framed by partners: its own full-screen layout, no session cookie (decisions 075, 076).
	layout('routes/_layouts/kit.tsx', [
		route('kit', 'routes/kit/launch.tsx'),
		route('kit/:sessionId', 'routes/kit/session.tsx'),
		route('kit/:sessionId/callback', 'routes/kit/callback.tsx'),
		route('kit/:sessionId/inspect', 'routes/kit/inspect.tsx'),
		route('kit/:sessionId/claim', 'routes/kit/claim.tsx'),
	]),
	route('transaction-history.csv', 'routes/transactions/csv.ts'),
	route('transaction-history/:transactionId/receipt.pdf', 'routes/transactions/receipt-pdf.ts'),
	route('invoice.csv', 'routes/invoices/csv.ts'),
	route('invoice/:invoiceId/invoice.pdf', 'routes/invoices/pdf.ts'),
	route('products/:productId/batch/template.csv', 'routes/products/batch-template.ts'),
	route('employees.csv', 'routes/employees/csv.ts'),
	route('import-staff/template.csv', 'routes/employees/template.ts'),
	route('mycover/:planId/staff-sheet.csv', 'routes/mycover/staff-sheet.ts'),
	route('mycover/:planId/certificate', 'routes/mycover/certificate.ts'),
	route('mycover/documents/:documentId', 'routes/mycover/document.ts'),
	route('pre-inspection/:policyId/photos/:photoId', 'routes/inspections/photo.ts'),
	// The embedded kit's guide for a partner's developers, public (decision 162).
	route('partners', 'routes/partners/guide.tsx'),
	// The icon gallery and the design system's page (docs/decisions/045-design-system.md).
	route('icons', 'routes/design/icons.tsx'),
	route('logout', 'routes/auth/logout.tsx'),
	route('tour', 'routes/home/tour.ts'),
	// The insurer's claims desk: its own sign-in and frame (docs/decisions/071-claims-desk-operators.md).
	route('ops/login', 'routes/ops/login.tsx'),
	route('ops/logout', 'routes/ops/logout.tsx'),
	route('ops', 'routes/ops/queue.tsx'),
	route('ops/claims/:claimId', 'routes/ops/review.tsx'),
	route('ops/claims/:claimId/files/:fileId', 'routes/ops/file.ts'),
	route('ops/inspections', 'routes/ops/inspections.tsx'),
	route('ops/inspections/:inspectionId', 'routes/ops/inspection.tsx'),
	route('ops/inspections/:inspectionId/photos/:photoId', 'routes/ops/inspection-photo.ts'),
	route('ops/invoices', 'routes/ops/invoices.tsx'),
	route('ops/invoices/:invoiceId', 'routes/ops/invoice.tsx'),
	route('dev/outbox', 'routes/dev/outbox.tsx'),
	route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
