import type { Transaction } from '#api/contract/transactions.ts'
import { Naira } from '#app/components/ui/naira.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { moneySign } from '#app/lib/transaction-labels.ts'

/** A transaction's amount in a list, signed by where the money went, and its fee under it when it had one. */
export function TransactionAmount({ transaction: t, className }: { transaction: Transaction; className?: string }) {
	return (
		<span className={className}>
			<Naira amount={t.amount} sign={moneySign(t)} />
			{t.fee ? <span className="block text-xs font-normal text-slate-600">Fee {formatNairaFull(t.fee)}</span> : null}
		</span>
	)
}
