import { z } from 'zod'
import { wholeNumberFromText } from './number-input.ts'

// Server-side readers of the Naira and format inputs: the same functions the inputs apply as the
// user types, so a form posted without JavaScript gets the same result.

export const NAIRA_INPUT_MESSAGE = 'Enter an amount in Naira, like ₦25,000.'
export const FORMAT_INPUT_MESSAGE = 'Enter a whole number, like 1,250.'

/** What a NairaInput posts ('₦12,346', or raw text without JavaScript) as whole Naira: 12346. */
export const nairaInputSchema = z.preprocess(
	wholeNumberFromText,
	z.int({ error: NAIRA_INPUT_MESSAGE }).min(0, { error: NAIRA_INPUT_MESSAGE }),
)

/** What a FormatInput posts ('1,250', or raw text without JavaScript) as a whole number: 1250. */
export const formatInputSchema = z.preprocess(
	wholeNumberFromText,
	z.int({ error: FORMAT_INPUT_MESSAGE }).min(0, { error: FORMAT_INPUT_MESSAGE }),
)
