import type {
	BatchRemovalBody,
	BatchRemovalPreview,
	DependantSlots,
	DependantSlotsBody,
	HospitalsResponse,
	MembersResponse,
	MigrationBody,
	MigrationPreview,
	PeriodBody,
	PlanActivitiesResponse,
	PlanChangeBody,
	PlanChangePreview,
	RemoveBody,
} from '#api/contract/plans.ts'
import type { PolicyStatusFilter } from '#api/contract/statuses.ts'
import type { ActivitiesResponse, PermissionsResponse, Todo } from '#api/contract/activities.ts'
import type {
	ConfirmPasswordBody,
	OtpResendBody,
	OtpVerifyBody,
	OtpVerifyResponse,
	RecoverPasswordBody,
	ResetPasswordBody,
	SignInBody,
	SignUpBody,
	VerifyEmailBody,
} from '#api/contract/auth.ts'
import type { BusinessBody, BusinessPatchBody } from '#api/contract/business.ts'
import type { BatchBuyBody, BatchPurchaseResult, StaffBatch } from '#api/contract/batch.ts'
import type { CacConfirmBody, CacLookupResponse } from '#api/contract/cac.ts'
import type { DashboardResponse } from '#api/contract/dashboard.ts'
import type {
	CustodianActivateBody,
	CustodianBody,
	Custodianship,
	Dependant,
	DependantBody,
	EmployeeBody,
	EmployeeDetail,
	EmployeeEdit,
	EmployeesResponse,
	LifecycleResult,
	StaffImport,
	StaffImportResult,
} from '#api/contract/employees.ts'
import type { Quote } from '#api/contract/quotes.ts'
import type {
	HeldProducts,
	PoliciesResponse,
	Policy,
	PolicyDetail,
	PurchaseResult,
	RenewalOffer,
	RenewBody,
} from '#api/contract/purchases.ts'
import type { Receipt, TransactionsResponse } from '#api/contract/transactions.ts'
import type {
	CreditNoteBody,
	DeskInvoiceDetail,
	DeskInvoicesResponse,
	InvoiceDetail,
	InvoicesResponse,
	PayInvoiceBody,
	PayInvoiceResponse,
} from '#api/contract/invoices.ts'
import type { Verification } from '#api/contract/documents.ts'
import type { Card, FundBody, FundResponse, PaymentStatusResponse, WalletResponse } from '#api/contract/wallet.ts'
import type {
	Bank,
	ConfirmWithdrawalBody,
	ResolveAccountBody,
	ResolvedAccount,
	WithdrawBody,
	Withdrawal,
} from '#api/contract/withdrawals.ts'
import type { CreateRoleBody, PermissionCatalogueResponse, Role, UpdateRoleBody } from '#api/contract/roles.ts'
import type { StatesWithLga } from '#api/contract/resources.ts'
import type {
	ActivateInvitationBody,
	CreateInvitationBody,
	InvitationPreview,
	Invitation,
	TeamMember,
	TeamResponse,
	UpdateTeamMemberBody,
} from '#api/contract/team.ts'
import type { ChangePasswordBody, Customer, FindExistingUsersBody, SessionUser, UpdateUserBody, User } from '#api/contract/users.ts'
import type { Category, Product } from '#api/contract/catalogue.ts'
import type { Claim, ClaimFile, ClaimSummary, PayoutBank, PlanUsage } from '#api/contract/claims.ts'
import type { CreatedPartnerKey, CreatePartnerKeyBody, KitClaim, KitDetailsBody, KitSession, PartnerKey } from '#api/contract/kit.ts'
import type { Notification } from '#api/contract/notifications.ts'
import type { Referral, RewardsSummary } from '#api/contract/rewards.ts'
import type { z } from 'zod'
import type { ApiClient } from './api.server.ts'
import type { Inspection, InspectionLink, InspectionSummary } from '#api/contract/inspections.ts'

type In<T extends z.ZodType> = Omit<z.input<T>, 'platform'>
type Out<T extends z.ZodType> = z.output<T>
type Message = { message: string }
/** The staff register's search, filter and sort, as the URL holds them: the API checks them. */
export type EmployeeFilters = { q?: string; status?: string; sort?: string }
/** The filters of the transaction history and its CSV, as the URL holds them: the API checks them. */
type TransactionFilters = { type?: string; status?: string; from?: string; to?: string }
type InvoiceFilters = { status?: string; from?: string; to?: string }

/** A product as GET /products sends it: a 'from' price where it is one number (health plans). */
export type CatalogueProduct = Product & { from: { amount: number; per: string } | null }

/**
 * One function per call of spec section 7, and nowhere else builds an API path. One object literal, made for
 * each request: spreading another module's calls into it made each request's object cost about 200 µs and
 * twice the allocation (decision 166).
 */
export function insurerCalls(client: ApiClient) {
	const post = <T>(path: string, body?: unknown) => client.call<T>('POST', path, { body: body ?? {} })
	const patch = <T>(path: string, body: unknown) => client.call<T>('PATCH', path, { body })
	const del = <T>(path: string) => client.call<T>('DELETE', path)
	const get = <T>(path: string, query?: Record<string, string | number | undefined>, cache = true) =>
		client.call<T>('GET', path, { query, cache })
	return {
		client,
		signUp: (body: In<typeof SignUpBody>) => post<SessionUser>('/auth/sign-up', { ...body, platform: 'web' }),
		signIn: (body: In<typeof SignInBody>) => post<SessionUser>('/auth/sign-in', { ...body, platform: 'web' }),
		signOut: () => post<Message>('/auth/sign-out'),
		recoverPassword: (body: In<typeof RecoverPasswordBody>) => post<Message>('/auth/recover-password', body),
		resetPassword: (body: In<typeof ResetPasswordBody>) => post<Message>('/auth/reset-password', body),
		verifyEmail: (body: In<typeof VerifyEmailBody>) => post<User>('/auth/verify-email', body),
		confirmPassword: (body: In<typeof ConfirmPasswordBody>) => post<{ confirmed: true }>('/auth/confirm-password', body),
		findExistingUsers: (body: In<typeof FindExistingUsersBody>) => post<{ existing: string[] }>('/users/find-existing-users', body),
		getUser: (id: string) => get<User>(`/users/${encodeURIComponent(id)}`),
		updateUser: (id: string, body: In<typeof UpdateUserBody>) => patch<User>(`/users/${encodeURIComponent(id)}`, body),
		changePassword: (id: string, body: In<typeof ChangePasswordBody>) =>
			patch<Message>(`/users/${encodeURIComponent(id)}/change-password`, body),
		getPermissions: (userId: string) => get<Out<typeof PermissionsResponse>>(`/permissions/user/${encodeURIComponent(userId)}`),
		verifyOtp: (body: In<typeof OtpVerifyBody>) => post<Out<typeof OtpVerifyResponse>>('/otp/verify', body),
		resendOtp: (body: In<typeof OtpResendBody>) => post<Message>('/otp/resend', body),
		getSectors: () => get<string[]>('/resources/sectors'),
		getStatesWithLga: () => get<StatesWithLga>('/states-with-lga'),
		submitBusiness: (id: string, body: In<typeof BusinessBody>) => post<Customer>(`/business/${encodeURIComponent(id)}`, body),
		updateBusiness: (id: string, body: In<typeof BusinessPatchBody>) => patch<Customer>(`/business/${encodeURIComponent(id)}`, body),
		cacLookup: (businessId: string) => post<CacLookupResponse>(`/business/${encodeURIComponent(businessId)}/cac/lookup`),
		cacConfirm: (businessId: string, body: In<typeof CacConfirmBody>) =>
			post<Customer>(`/business/${encodeURIComponent(businessId)}/cac/confirm`, body),
		createInvitation: (body: In<typeof CreateInvitationBody>) => post<Out<typeof Invitation>>('/invitations', body),
		resendInvitation: (id: string) => post<Out<typeof Invitation>>(`/invitations/${encodeURIComponent(id)}/resend`),
		revokeInvitation: (id: string) => del<Out<typeof Invitation>>(`/invitations/${encodeURIComponent(id)}`),
		updateTeamMember: (id: string, body: In<typeof UpdateTeamMemberBody>) =>
			patch<TeamMember>(`/team/member/${encodeURIComponent(id)}`, body),
		getPermissionCatalogue: () => get<Out<typeof PermissionCatalogueResponse>>('/permissions'),
		getRoles: () => get<Role[]>('/roles', undefined, false),
		getRole: (id: string) => get<Role>(`/roles/${encodeURIComponent(id)}`, undefined, false),
		createRole: (body: In<typeof CreateRoleBody>) => post<Role>('/roles', body),
		updateRole: (id: string, body: In<typeof UpdateRoleBody>) => patch<Role>(`/roles/${encodeURIComponent(id)}`, body),
		deleteRole: (id: string) => del<Message>(`/roles/${encodeURIComponent(id)}`),
		previewInvitation: (token: string) => get<Out<typeof InvitationPreview>>('/invitations/preview', { token }, false),
		activateInvitation: (body: In<typeof ActivateInvitationBody>) => post<SessionUser>('/invitations/activate', body),
		getTeam: (businessId: string) => get<Out<typeof TeamResponse>>(`/team/${encodeURIComponent(businessId)}`),
		getTeamMember: (id: string) => get<TeamMember>(`/team/member/${encodeURIComponent(id)}`),
		getActivities: (query: { type?: string; actor?: string; from?: string; to?: string; page?: number; page_size?: number } = {}) =>
			get<Out<typeof ActivitiesResponse>>('/activities', query, false),
		getTodos: (query: { limit?: number } = {}) => get<Todo[]>('/todos', query, false),
		/** Home in one call: each part the member's role allows (docs/decisions/047-home-dashboard.md). */
		getDashboard: () => get<Out<typeof DashboardResponse>>('/dashboard', undefined, false),
		getWallet: () => get<Out<typeof WalletResponse>>('/wallet', undefined, false),
		fundWallet: (body: In<typeof FundBody>) => post<Out<typeof FundResponse>>('/wallet/fund', body),
		// No token: the gateway's return carries no session cookie, and the answer is the same for anyone.
		verifyPayment: (reference: string) =>
			client.call<Out<typeof PaymentStatusResponse>>('POST', '/payments/verify', { body: { reference }, anonymous: true }),
		getCards: () => get<Card[]>('/cards', undefined, false),
		makeCardDefault: (id: string) => post<Card[]>(`/cards/${encodeURIComponent(id)}/default`),
		removeCard: (id: string) => del<Card[]>(`/cards/${encodeURIComponent(id)}`),
		getBanks: () => get<Array<Out<typeof Bank>>>('/banks'),
		resolveAccount: (body: In<typeof ResolveAccountBody>) => post<Out<typeof ResolvedAccount>>('/banks/resolve', body),
		withdraw: (body: In<typeof WithdrawBody>) => post<Withdrawal>('/wallet/withdraw', body),
		getWithdrawal: (id: string) => get<Withdrawal>(`/wallet/withdrawals/${encodeURIComponent(id)}`, undefined, false),
		confirmWithdrawal: (id: string, body: In<typeof ConfirmWithdrawalBody>) =>
			post<Withdrawal>(`/wallet/withdrawals/${encodeURIComponent(id)}/confirm`, body),
		resendWithdrawalCode: (id: string) => post<Withdrawal>(`/wallet/withdrawals/${encodeURIComponent(id)}/resend-code`),
		approveWithdrawal: (id: string) => post<Withdrawal>(`/wallet/withdrawals/${encodeURIComponent(id)}/approve`),
		cancelWithdrawal: (id: string) => post<Withdrawal>(`/wallet/withdrawals/${encodeURIComponent(id)}/cancel`),
		getTransactions: (query: TransactionFilters & { page?: number; page_size?: number }) =>
			get<Out<typeof TransactionsResponse>>('/transactions', query, false),
		getTransaction: (id: string) => get<Out<typeof Receipt>>(`/transactions/${encodeURIComponent(id)}`, undefined, false),
		/** A successful transaction's receipt, a PDF with its verification code. */
		downloadReceipt: (id: string) => client.download(`/transactions/${encodeURIComponent(id)}/receipt`),
		// No token: anyone holding a certificate or receipt may check it.
		verifyDocument: (code: string) =>
			client.call<Out<typeof Verification>>('GET', `/verify/${encodeURIComponent(code)}`, { anonymous: true }),
		/** The CSV export as the API sends it, to stream on to the browser. */
		downloadTransactionsCsv: (query: TransactionFilters) => client.download('/transactions.csv', query),
		// Invoices of staff plans (docs/decisions/095-billing-of-staff-plans.md).
		getInvoices: (query: InvoiceFilters & { page?: number; page_size?: number }) =>
			get<Out<typeof InvoicesResponse>>('/invoices', query, false),
		getInvoice: (id: string, linesPage?: number) =>
			get<Out<typeof InvoiceDetail>>(`/invoices/${encodeURIComponent(id)}`, { lines_page: linesPage }, false),
		payInvoice: (id: string, body: In<typeof PayInvoiceBody>) =>
			post<Out<typeof PayInvoiceResponse>>(`/invoices/${encodeURIComponent(id)}/pay`, body),
		downloadInvoicesCsv: (query: InvoiceFilters) => client.download('/invoices.csv', query),
		downloadInvoicePdf: (id: string) => client.download(`/invoices/${encodeURIComponent(id)}/pdf`),
		getProducts: (category?: Category) => get<CatalogueProduct[]>('/products', { category }),
		getProduct: (id: string) => get<CatalogueProduct>(`/products/${encodeURIComponent(id)}`),
		// Public, and the form's text as it stands: the API reads '₦4,500,000' and '12' itself.
		computePrice: (body: { product_id: string } & Record<string, string>) =>
			client.call<Out<typeof Quote>>('POST', '/products/compute-price', { body, anonymous: true }),
		/** The quote's fields as typed, how to pay and the idempotency key: the API prices and buys. */
		buy: (body: { product_id: string; payment_option: string; idempotency_key: string } & Record<string, string>) =>
			post<Out<typeof PurchaseResult>>('/purchases', body),
		/** A page of the policies, newest first; `total` stops at POLICIES_COUNT_CAP + 1. */
		getPolicies: (query: { status?: PolicyStatusFilter; kind?: 'policy' | 'plan'; page?: number; page_size?: number } = {}) =>
			get<Out<typeof PoliciesResponse>>('/policies', query, false),
		getPolicy: (id: string) => get<Out<typeof PolicyDetail>>(`/policies/${encodeURIComponent(id)}`, undefined, false),
		/** Multipart: the activation fields and files as the browser sent them. */
		activatePolicy: (id: string, form: FormData) => post<Out<typeof Policy>>(`/policies/${encodeURIComponent(id)}/activate`, form),
		downloadCertificate: (id: string) => client.download(`/policies/${encodeURIComponent(id)}/certificate`),
		/** A staff plan's activation sheet (CSV), its staff and the dates of birth known. */
		downloadStaffSheet: (id: string) => client.download(`/policies/${encodeURIComponent(id)}/staff-sheet`),
		downloadBatchTemplate: () => client.download('/purchases/batch/template'),
		/** Multipart: the staff list file, product_id and period; the API checks and keeps it. */
		previewBatch: (form: FormData) => post<Out<typeof StaffBatch>>('/purchases/batch/preview', form),
		getBatch: (id: string) => get<Out<typeof StaffBatch>>(`/purchases/batch/${encodeURIComponent(id)}`, undefined, false),
		buyBatch: (body: In<typeof BatchBuyBody>) => post<Out<typeof BatchPurchaseResult>>('/purchases/batch', body),
		getEmployees: (query: EmployeeFilters & { cursor?: string; page_size?: number }) =>
			get<Out<typeof EmployeesResponse>>('/employees', query, false),
		downloadEmployeesCsv: (query: EmployeeFilters) => client.download('/employees.csv', query),
		getEmployee: (id: string) => get<Out<typeof EmployeeDetail>>(`/employees/${encodeURIComponent(id)}`, undefined, false),
		createEmployee: (body: In<typeof EmployeeBody>) => post<Out<typeof EmployeeDetail>>('/employees', body),
		editEmployee: (id: string, body: In<typeof EmployeeEdit>) =>
			patch<Out<typeof EmployeeDetail>>(`/employees/${encodeURIComponent(id)}`, body),
		deactivateEmployees: (ids: string[]) => post<Out<typeof LifecycleResult>>('/employees/deactivate', { employee_ids: ids }),
		removeEmployees: (ids: string[]) => post<Out<typeof LifecycleResult>>('/employees/remove', { employee_ids: ids }),
		reactivateEmployee: (id: string) => post<Out<typeof LifecycleResult>>(`/employees/${encodeURIComponent(id)}/reactivate`),
		addDependant: (employeeId: string, body: In<typeof DependantBody>) =>
			post<Out<typeof Dependant>>(`/employees/${encodeURIComponent(employeeId)}/dependants`, body),
		getDependant: (id: string) =>
			get<Out<typeof Dependant> & { employee_name: string }>(`/dependants/${encodeURIComponent(id)}`, undefined, false),
		removeDependant: (id: string) => del<Out<typeof Dependant>>(`/dependants/${encodeURIComponent(id)}`),
		/** Multipart: the staff list file; the API checks it and keeps it until confirmed. */
		previewStaffImport: (form: FormData) => post<Out<typeof StaffImport>>('/employees/import', form),
		getStaffImport: (id: string) => get<Out<typeof StaffImport>>(`/employees/import/${encodeURIComponent(id)}`, undefined, false),
		commitStaffImport: (id: string) => post<Out<typeof StaffImportResult>>(`/employees/import/${encodeURIComponent(id)}/commit`),
		getCustodianship: (purchaseId: string) =>
			get<Out<typeof Custodianship>>(`/purchases/${encodeURIComponent(purchaseId)}/custodian`, undefined, false),
		nameCustodian: (purchaseId: string, body: In<typeof CustodianBody>) =>
			client.call<Out<typeof Custodianship>>('PUT', `/purchases/${encodeURIComponent(purchaseId)}/custodian`, { body }),
		activateCustodian: (purchaseId: string, body: In<typeof CustodianActivateBody>) =>
			post<Out<typeof Custodianship>>(`/purchases/${encodeURIComponent(purchaseId)}/custodian/activate`, body),
		getClaims: (query: { status?: string; product_id?: string; policy_id?: string; from?: string; to?: string; q?: string } = {}) =>
			get<ClaimSummary[]>('/claims', query, false),
		/** The products the business holds cover of: the claims filter's options. */
		getHeldProducts: () => get<Out<typeof HeldProducts>>('/claims/products', undefined, false),
		getClaim: (id: string) => get<Claim>(`/claims/${encodeURIComponent(id)}`, undefined, false),
		/** The form's text as typed: the API reads '₦25,000' itself. */
		createClaim: (body: Record<string, string>) => post<Claim>('/claims', body),
		updateClaim: (id: string, body: Record<string, string>) => patch<Claim>(`/claims/${encodeURIComponent(id)}`, body),
		saveEstimate: (id: string, lines: Array<Record<string, string>>) =>
			client.call<Claim>('PUT', `/claims/${encodeURIComponent(id)}/estimate`, { body: { lines } }),
		/** Multipart: one file as `file`, under the checklist's document name or a damage photo's. */
		uploadClaimFile: (id: string, name: string, form: FormData) =>
			post<Out<typeof ClaimFile>>(`/claims/${encodeURIComponent(id)}/files/${encodeURIComponent(name)}`, form),
		submitClaimInspection: (id: string) => post<Claim>(`/claims/${encodeURIComponent(id)}/inspection`),
		submitClaim: (id: string) => post<Claim>(`/claims/${encodeURIComponent(id)}/submit`),
		acceptOffer: (id: string) => post<Claim>(`/claims/${encodeURIComponent(id)}/offer/accept`),
		rejectOffer: (id: string, comment: string) => post<Claim>(`/claims/${encodeURIComponent(id)}/offer/reject`, { comment }),
		getPayoutBanks: () => get<Array<Out<typeof Bank>>>('/payout-banks', undefined, false),
		/** The name the bank gives an account, for the claimant to confirm before it is chosen. */
		resolveClaimPayout: (id: string, body: { bank_code: string; account_number: string }) =>
			post<PayoutBank>(`/claims/${encodeURIComponent(id)}/payout/resolve`, body),
		chooseClaimPayout: (
			id: string,
			body: { method: 'wallet' } | { method: 'bank'; bank_code: string; account_number: string; account_name: string },
		) => client.call<Claim>('PUT', `/claims/${encodeURIComponent(id)}/payout`, { body }),
		downloadClaimFile: (id: string, fileId: string) =>
			client.download(`/claims/${encodeURIComponent(id)}/files/${encodeURIComponent(fileId)}`),
		getPlanUsage: (policyId: string) => get<PlanUsage>(`/policies/${encodeURIComponent(policyId)}/usage`, undefined, false),
		deskSignIn: (body: { email: string; password: string }) =>
			client.call<{ token: string; operator: { id: string; name: string; email: string } }>('POST', '/desk/sign-in', {
				body,
				anonymous: true,
			}),
		getDeskQueue: (status?: string) => get<ClaimSummary[]>('/desk/claims', { status }, false),
		getDeskClaim: (id: string) => get<Claim>(`/desk/claims/${encodeURIComponent(id)}`, undefined, false),
		deskDecision: (id: string, body: Record<string, string>) => post<Claim>(`/desk/claims/${encodeURIComponent(id)}/decision`, body),
		deskOffer: (id: string, body: Record<string, string>) => post<Claim>(`/desk/claims/${encodeURIComponent(id)}/offer`, body),
		deskApprovePayout: (id: string) => post<Claim>(`/desk/claims/${encodeURIComponent(id)}/approve-payout`),
		deskPay: (id: string) => post<Claim>(`/desk/claims/${encodeURIComponent(id)}/pay`),
		deskSettle: (id: string) => post<Claim>(`/desk/claims/${encodeURIComponent(id)}/settle`),
		downloadDeskFile: (id: string, fileId: string) =>
			client.download(`/desk/claims/${encodeURIComponent(id)}/files/${encodeURIComponent(fileId)}`),
		downloadDocument: (id: string) => client.download(`/documents/${encodeURIComponent(id)}`),
		// Managing a plan (issue 14).
		getPlanActivities: (id: string, page = 1) =>
			get<Out<typeof PlanActivitiesResponse>>(`/policies/${encodeURIComponent(id)}/activities`, { page }, false),
		/** A page of the plan's members, those `q` matches (docs/decisions/166-plan-members-a-page.md). */
		getPlanMembers: (id: string, query: { q?: string; page?: number; page_size?: number } = {}) =>
			get<Out<typeof MembersResponse>>(`/policies/${encodeURIComponent(id)}/members`, query, false),
		removePolicy: (id: string, body: In<typeof RemoveBody>) =>
			post<Out<typeof PolicyDetail>>(`/policies/${encodeURIComponent(id)}/remove`, body),
		getRenewal: (id: string, period?: string) =>
			get<Out<typeof RenewalOffer>>(`/policies/${encodeURIComponent(id)}/renewal`, { period }, false),
		renew: (id: string, body: In<typeof RenewBody>) => post<Out<typeof PurchaseResult>>(`/policies/${encodeURIComponent(id)}/renew`, body),
		changePeriod: (id: string, body: In<typeof PeriodBody>) =>
			post<Out<typeof PolicyDetail>>(`/policies/${encodeURIComponent(id)}/period`, body),
		getDependantSlots: (id: string) =>
			get<Out<typeof DependantSlots>>(`/policies/${encodeURIComponent(id)}/dependant-slots`, undefined, false),
		setDependantSlots: (id: string, body: In<typeof DependantSlotsBody>) =>
			post<Out<typeof DependantSlots>>(`/policies/${encodeURIComponent(id)}/dependant-slots`, body),
		changePlan: (id: string, body: In<typeof PlanChangeBody>) =>
			post<Out<typeof PlanChangePreview>>(`/policies/${encodeURIComponent(id)}/plan-change`, body),
		migrateMembers: (id: string, body: In<typeof MigrationBody>) =>
			post<Out<typeof MigrationPreview>>(`/policies/${encodeURIComponent(id)}/migration`, body),
		batchRemoval: (id: string, body: In<typeof BatchRemovalBody>) =>
			post<Out<typeof BatchRemovalPreview>>(`/policies/${encodeURIComponent(id)}/batch-removal`, body),
		/** Multipart: the uploaded list of members to remove; the API reads its emails and phone numbers. */
		readRemovalList: (id: string, form: FormData) =>
			post<{ identifiers: string[] }>(`/policies/${encodeURIComponent(id)}/batch-removal/list`, form),
		getHospitals: (query: { type?: string; state?: string; lga?: string; q?: string; page?: number; page_size?: number }) =>
			get<Out<typeof HospitalsResponse>>('/hospitals', query, false),
		getPartnerKeys: () => get<PartnerKey[]>('/partner-keys', undefined, false),
		createPartnerKey: (body: In<typeof CreatePartnerKeyBody>) => post<Out<typeof CreatedPartnerKey>>('/partner-keys', body),
		revokePartnerKey: (id: string) => del<PartnerKey>(`/partner-keys/${encodeURIComponent(id)}`),
		// The kit's calls carry no token: the frame has no portal session; the kit session's id is its key.
		openKit: (token: string, hostOrigin: string | null) =>
			client.call<KitSession>('POST', '/kit/open', { body: { token, host_origin: hostOrigin }, anonymous: true }),
		getKitSession: (id: string) => client.call<KitSession>('GET', `/kit/sessions/${encodeURIComponent(id)}`, { anonymous: true }),
		saveKitQuote: (id: string, quote: Record<string, string>) =>
			client.call<KitSession>('PATCH', `/kit/sessions/${encodeURIComponent(id)}/draft`, { body: { quote }, anonymous: true }),
		saveKitDetails: (id: string, details: In<typeof KitDetailsBody>) =>
			client.call<KitSession>('PATCH', `/kit/sessions/${encodeURIComponent(id)}/draft`, { body: { details }, anonymous: true }),
		kitBuy: (id: string, idempotencyKey: string) =>
			client.call<KitSession>('POST', `/kit/sessions/${encodeURIComponent(id)}/purchase`, {
				body: { idempotency_key: idempotencyKey },
				anonymous: true,
			}),
		closeKit: (id: string) =>
			client.call<KitSession>('POST', `/kit/sessions/${encodeURIComponent(id)}/close`, { body: {}, anonymous: true }),
		// Pre-inspections (docs/decisions/103 to 106): the business's, the hand-off link's, the kit's and the desk's.
		getPolicyInspection: (policyId: string) => get<Inspection>(`/policies/${encodeURIComponent(policyId)}/inspection`, undefined, false),
		startInspection: (policyId: string) => post<Inspection>(`/policies/${encodeURIComponent(policyId)}/inspection`),
		uploadInspectionPhoto: (id: string, angle: string, form: FormData) =>
			post<Inspection>(`/inspections/${encodeURIComponent(id)}/photos/${encodeURIComponent(angle)}`, form),
		submitPreInspection: (id: string) => post<Inspection>(`/inspections/${encodeURIComponent(id)}/submit`),
		createInspectionLink: (id: string) => post<Out<typeof InspectionLink>>(`/inspections/${encodeURIComponent(id)}/links`),
		downloadInspectionPhoto: (id: string, photoId: string) =>
			client.download(`/inspections/${encodeURIComponent(id)}/photos/${encodeURIComponent(photoId)}`),
		getLinkInspection: (code: string) =>
			client.call<Inspection>('GET', `/inspection-links/${encodeURIComponent(code)}`, { anonymous: true }),
		uploadLinkPhoto: (code: string, angle: string, form: FormData) =>
			client.call<Inspection>('POST', `/inspection-links/${encodeURIComponent(code)}/photos/${encodeURIComponent(angle)}`, {
				body: form,
				anonymous: true,
			}),
		submitLinkInspection: (code: string) =>
			client.call<Inspection>('POST', `/inspection-links/${encodeURIComponent(code)}/submit`, { body: {}, anonymous: true }),
		getKitInspection: (sessionId: string) =>
			client.call<Inspection>('POST', `/kit/sessions/${encodeURIComponent(sessionId)}/inspection`, { body: {}, anonymous: true }),
		uploadKitPhoto: (sessionId: string, angle: string, form: FormData) =>
			client.call<Inspection>('POST', `/kit/sessions/${encodeURIComponent(sessionId)}/inspection/photos/${encodeURIComponent(angle)}`, {
				body: form,
				anonymous: true,
			}),
		submitKitInspection: (sessionId: string) =>
			client.call<Inspection>('POST', `/kit/sessions/${encodeURIComponent(sessionId)}/inspection/submit`, { body: {}, anonymous: true }),
		getKitClaim: (sessionId: string) =>
			client.call<Out<typeof KitClaim>>('GET', `/kit/sessions/${encodeURIComponent(sessionId)}/claim`, { anonymous: true }),
		saveKitClaim: (sessionId: string, body: Record<string, string>) =>
			client.call<Claim>('POST', `/kit/sessions/${encodeURIComponent(sessionId)}/claim`, { body, anonymous: true }),
		uploadKitClaimFile: (sessionId: string, name: string, form: FormData) =>
			client.call<Out<typeof ClaimFile>>('POST', `/kit/sessions/${encodeURIComponent(sessionId)}/claim/files/${encodeURIComponent(name)}`, {
				body: form,
				anonymous: true,
			}),
		saveKitClaimEstimate: (sessionId: string, lines: Array<Record<string, string>>) =>
			client.call<Claim>('PUT', `/kit/sessions/${encodeURIComponent(sessionId)}/claim/estimate`, { body: { lines }, anonymous: true }),
		submitKitClaim: (sessionId: string) =>
			client.call<Claim>('POST', `/kit/sessions/${encodeURIComponent(sessionId)}/claim/submit`, { body: {}, anonymous: true }),
		getDeskInspections: (status?: string) => get<Array<Out<typeof InspectionSummary>>>('/desk/inspections', { status }, false),
		getDeskInspection: (id: string) => get<Inspection>(`/desk/inspections/${encodeURIComponent(id)}`, undefined, false),
		deskInspectionDecision: (id: string, body: Record<string, string>) =>
			post<Inspection>(`/desk/inspections/${encodeURIComponent(id)}/decision`, body),
		downloadDeskInspectionPhoto: (id: string, photoId: string) =>
			client.download(`/desk/inspections/${encodeURIComponent(id)}/photos/${encodeURIComponent(photoId)}`),
		// The desk's invoices and credit notes (docs/decisions/096-credit-notes-from-the-desk.md).
		getDeskInvoices: (query: { q?: string; page?: number }) => get<Out<typeof DeskInvoicesResponse>>('/desk/invoices', query, false),
		getDeskInvoice: (id: string, linesPage?: number) =>
			get<Out<typeof DeskInvoiceDetail>>(`/desk/invoices/${encodeURIComponent(id)}`, { lines_page: linesPage }, false),
		issueCreditNote: (id: string, body: In<typeof CreditNoteBody>) =>
			post<Out<typeof DeskInvoiceDetail>>(`/desk/invoices/${encodeURIComponent(id)}/credit-notes`, body),
		// Rewards and referrals (docs/decisions/112-referral-rewards.md), the bell (114) and the tour (113).
		getRewards: () => get<RewardsSummary>('/rewards', undefined, false),
		getReferrals: (page: number) =>
			get<{ items: Referral[]; page: number; page_size: number; total: number }>('/rewards/referrals', { page }, false),
		getNotifications: (page: number) =>
			get<{ items: Notification[]; page: number; page_size: number; total: number; unread: number }>('/notifications', { page }, false),
		getUnreadCount: () => get<{ unread: number }>('/notifications/unread-count'),
		markNotificationsRead: (ids: string[]) => post<{ marked: number }>('/notifications/read', { ids }),
		markToured: () => post<{ toured_at: string }>('/tour'),
		getOutbox: (to?: string) =>
			get<Array<{ id: string; to: string; subject: string; text: string; html: string | null; attachments: string[]; created_at: string }>>(
				'/dev/outbox',
				{ to },
				false,
			),
	}
}

export type InsurerCalls = ReturnType<typeof insurerCalls>
