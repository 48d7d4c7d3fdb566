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
		// Public: anyone holding a certificate or receipt checks its code (docs/decisions/039-verification-codes.md).
		route('verify', 'routes/verify/index.tsx'),
		route('verify/:code', 'routes/verify/code.tsx'),
	]),
	layout('routes/_layouts/dashboard.tsx', [
		index('routes/home/index.tsx'),
		route('settings', 'routes/settings/index.tsx'),
		route('settings/roles', 'routes/settings/roles.tsx'),
		route('wallet', 'routes/wallet/index.tsx'),
		route('transaction-history', 'routes/transactions/index.tsx'),
		route('products', 'routes/products/index.tsx'),
		route('mycover', 'routes/mycover/index.tsx'),
		route('mycover/:planId', 'routes/mycover/plan.tsx'),
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
		route('products/:productId', 'routes/products/product.tsx'),
		// Batch upload of staff and the staff plan's activation sheet (docs/decisions/016-batch-upload.md).
		route('products/:productId/batch', 'routes/products/batch.tsx'),
		route('mycover/:planId/activate-staff', 'routes/mycover/activate-staff.tsx'),
		route('register/:productId/payment', 'routes/register/payment.tsx'),
		route('mycover/:planId/activate', 'routes/mycover/activate.tsx'),
	]),
	// The embedded kit, framed by partners: its own full-screen layout, no session cookie (decisions 075, 076).
	layout('routes/_layouts/kit.tsx', [
		route('kit', 'routes/kit/launch.tsx'),
		route('kit/:sessionId', 'routes/kit/session.tsx'),
		route('kit/:sessionId/callback', 'routes/kit/callback.tsx'),
	]),
	route('transaction-history.csv', 'routes/transactions/csv.ts'),
	route('transaction-history/:transactionId/receipt.pdf', 'routes/transactions/receipt-pdf.ts'),
	route('products/:productId/batch/template.csv', 'routes/products/batch-template.ts'),
	route('mycover/:planId/staff-sheet.csv', 'routes/mycover/staff-sheet.ts'),
	route('mycover/:planId/certificate', 'routes/mycover/certificate.ts'),
	route('mycover/documents/:documentId', 'routes/mycover/document.ts'),
	// The icon gallery and the design system's page (docs/decisions/045-design-system.md).
	route('icons', 'routes/design/icons.tsx'),
	route('logout', 'routes/auth/logout.tsx'),
	route('dev/outbox', 'routes/dev/outbox.tsx'),
	route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
