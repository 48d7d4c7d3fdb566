import { Link } from '#app/components/ui/link.tsx'
import type { Customer } from '#api/contract/users.ts'
import { buttonClass } from '#app/components/ui/form.tsx'
import { Details, NOT_GIVEN, Panel } from '#app/components/ui/panel.tsx'
import { needsCacVerification } from '#app/lib/account.ts'
import { businessTypeLabel } from '#app/lib/business-types.ts'

export function BusinessTab({ customer: c, canManage }: { customer: Customer; canManage: boolean }) {
	const isBusiness = c.kind === 'business'
	const registered = isBusiness && c.business_type !== null && c.business_type !== 'none'
	const or = (value: string | null) => value || NOT_GIVEN
	const cac = c.meta.cac_verified ? (
		<span className="text-emerald-800">Verified</span>
	) : (
		<span className="flex flex-wrap items-baseline gap-x-3">
			<span className="text-amber-800">Not verified</span>
			{needsCacVerification(c) && canManage ? (
				<Link to="/?dialog=cac" className="text-sm text-brand-700 underline">
					Verify with the CAC
				</Link>
			) : null}
		</span>
	)
	return (
		<Panel
			id="business-heading"
			title={isBusiness ? 'Business details' : 'Your details'}
			action={
				canManage ? (
					<Link to="/update/kyc" className={buttonClass('secondary')}>
						{isBusiness ? 'Edit business details' : 'Edit your details'}
					</Link>
				) : null
			}
		>
			<Details
				items={[
					...(isBusiness
						? [
								{ label: 'Business name', value: c.name },
								{ label: 'Kind of account', value: 'Business' },
							]
						: [{ label: 'Kind of account', value: 'Individual' }]),
					{ label: 'Sector', value: or(c.sector) },
					...(isBusiness
						? [
								{ label: 'Registration type', value: c.business_type ? businessTypeLabel(c.business_type) : NOT_GIVEN },
								...(registered ? [{ label: 'Registration number', value: or(c.registration_number) }] : []),
							]
						: []),
					{ label: 'State', value: or(c.state) },
					{ label: 'Local government area', value: or(c.lga) },
					{ label: 'Address', value: or(c.address) },
					{ label: 'Phone number', value: or(c.phone) },
					...(isBusiness ? [{ label: 'CAC status', value: cac }] : []),
				]}
			/>
		</Panel>
	)
}
