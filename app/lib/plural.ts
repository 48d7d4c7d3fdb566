import { formatCount } from './money.ts'

/** A count and its word: "1 staff plan", "5 staff plans", "2 policies", "1,234 providers" (a word whose plural is not an s is given it). */
export const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`
