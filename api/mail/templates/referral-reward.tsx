import { Text } from '@react-email/components'
import { formatNairaFull } from '../../contract/money.ts'
import { Action, Fact, Layout, styles } from './layout.tsx'

export type ReferralRewardMailProps = {
	publicUrl: string
	firstName: string
	amount: number
	referred: string
	reference: string
	balance: number
}

/** A referral's reward was paid into the wallet (docs/decisions/112-referral-rewards.md). */
export function ReferralRewardMail({ publicUrl, firstName, amount, referred, reference, balance }: ReferralRewardMailProps) {
	return (
		<Layout title="Referral reward paid" preview={`${formatNairaFull(amount)} is in your wallet`} publicUrl={publicUrl}>
			<Text style={styles.text}>
				{`Hello ${firstName}, ${referred} kept their cover for the qualifying days, so we paid your referral reward of ${formatNairaFull(amount)} into your wallet.`}
			</Text>
			<Fact label="Amount">{formatNairaFull(amount)}</Fact>
			<Fact label="Referred">{referred}</Fact>
			<Fact label="Reference">{reference}</Fact>
			<Fact label="Wallet balance">{formatNairaFull(balance)}</Fact>
			<Action href={`${publicUrl}/rewards/all`}>See your rewards</Action>
		</Layout>
	)
}
