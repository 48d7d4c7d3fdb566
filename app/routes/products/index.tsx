import { useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { FromPrice } from '#app/components/from-price.tsx'
import { CATEGORIES, CATEGORY_LABELS, type Category } from '#api/contract/catalogue.ts'
import { panelClass } from '#app/components/ui/panel.tsx'
import { ProviderMark } from '#app/components/ui/provider-mark.tsx'
import { requireReadyUser } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/index'

export const meta: Route.MetaFunction = () => [{ title: 'Products · Cover Portal' }]

const isCategory = (value: string | null): value is Category => CATEGORIES.includes(value as Category)

/** The catalogue, all of it or one category; a category that is not one shows all. */
export async function loader(args: Route.LoaderArgs) {
	await requireReadyUser(args)
	const asked = new URL(args.request.url).searchParams.get('category')
	const category = isCategory(asked) ? asked : null
	const products = (await apiFrom(args.context).getProducts(category ?? undefined)).data
	return { category, products }
}

const chipClass = (current: boolean) =>
	`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium ${current ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100'}`

export default function Products() {
	const { category, products } = useLoaderData<typeof loader>()
	const shown = category ? [category] : CATEGORIES.filter((c) => products.some((p) => p.category === c))
	return (
		<div className="space-y-6">
			<h1 className="text-2xl font-bold">Products</h1>
			<nav aria-label="Categories">
				<ul className="flex flex-wrap gap-2">
					{[null, ...CATEGORIES].map((c) => (
						<li key={c ?? 'all'}>
							<Link
								to={c ? `/products?category=${c}` : '/products'}
								aria-current={c === category ? 'page' : undefined}
								className={chipClass(c === category)}
							>
								{c ? CATEGORY_LABELS[c] : 'All'}
							</Link>
						</li>
					))}
				</ul>
			</nav>
			{shown.map((c) => (
				<section key={c} aria-labelledby={`category-${c}`}>
					<h2 id={`category-${c}`} className="mb-3 text-lg font-semibold">
						{CATEGORY_LABELS[c]}
					</h2>
					<ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
						{products
							.filter((p) => p.category === c)
							.map((p) => (
								<li key={p.id} className={`flex flex-col gap-2 ${panelClass}`}>
									<div className="flex items-start gap-3">
										<ProviderMark name={p.provider} />
										<div>
											<h3 className="font-semibold">
												<Link to={`/products/${p.id}`} className="text-brand-700 underline">
													{p.name}
												</Link>
											</h3>
											<p className="text-sm text-slate-600">{p.provider}</p>
										</div>
									</div>
									<p className="text-sm text-slate-800">{p.description}</p>
									<FromPrice from={p.from} className="mt-auto text-sm" />
								</li>
							))}
					</ul>
				</section>
			))}
		</div>
	)
}
