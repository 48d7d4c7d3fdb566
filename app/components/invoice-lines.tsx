import type { InvoiceDetail } from '#api/contract/invoices.ts'
import { NoRows } from '#app/components/ui/empty-state.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { Cell, ResponsiveTable } from '#app/components/ui/table.tsx'
import { formatCount, formatNairaFull } from '#app/lib/money.ts'

/** The URL parameter of an invoice's page of lines (the API's `lines_page`). */
export const LINES_PARAM = 'lines'

type Lines = Pick<InvoiceDetail, 'lines' | 'lines_page' | 'lines_page_size' | 'lines_total'>

/**
 * An invoice's lines, a page at a time (decision 164): a staff plan's invoice has a line for each member
 * and dependant. `href` is the invoice's own address; a page's link comes back to the lines.
 */
export function InvoiceLines({ invoice, href, className = '' }: { invoice: Lines; href: string; className?: string }) {
	const { lines, lines_page: page, lines_page_size: size, lines_total: total } = invoice
	const first = (page - 1) * size + 1
	const pageHref = (p: number) => `${href}${p > 1 ? `?${LINES_PARAM}=${p}` : ''}#lines-heading`
	return (
		<section aria-labelledby="lines-heading" className={`${panelClass} ${className}`}>
			<h2 id="lines-heading" className="mb-4 font-semibold">
				Lines <span className="font-normal text-slate-600">({formatCount(total)})</span>
			</h2>
			{lines.length === 0 ? (
				<NoRows noun="lines" page={page} firstPage={pageHref(1)} first={<p className="text-sm text-slate-600">This has no lines.</p>} />
			) : (
				<>
					<ResponsiveTable
						caption={`A line for each member and dependant billed: ${first} to ${first + lines.length - 1} of ${total}`}
						columns={[
							'Description',
							{ label: 'Months', align: 'right' },
							{ label: 'Rate', align: 'right' },
							{ label: 'Amount', align: 'right' },
						]}
					>
						{lines.map((l) => (
							<tr key={l.position}>
								<Cell label="Description" header>
									{l.description}
								</Cell>
								<Cell label="Months" className="text-right">
									{l.quantity}
								</Cell>
								<Cell label="Rate" className="whitespace-nowrap text-right">
									{formatNairaFull(l.unit_amount)}
								</Cell>
								<Cell label="Amount" className="whitespace-nowrap text-right font-semibold">
									{formatNairaFull(l.amount)}
								</Cell>
							</tr>
						))}
					</ResponsiveTable>
					{total > size ? (
						<p className="mt-3 text-sm text-slate-600">
							Lines {formatCount(first)} to {formatCount(first + lines.length - 1)} of {formatCount(total)}
						</p>
					) : null}
					<Pagination label="Pages of the lines" page={page} pageCount={Math.ceil(total / size)} href={pageHref} />
				</>
			)}
		</section>
	)
}
