import { z } from 'zod'

export const SectorsResponse = z.array(z.string())
export const StatesWithLgaResponse = z.object({
	states: z.array(z.object({ state: z.string(), lgas: z.array(z.string()) })),
})
export type StatesWithLga = z.infer<typeof StatesWithLgaResponse>
export const GENDERS = ['male', 'female'] as const
