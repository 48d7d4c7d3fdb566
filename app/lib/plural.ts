/** A count and its word: "1 staff plan", "5 staff plans", "2 policies" (a word whose plural is not an s is given it). */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`
