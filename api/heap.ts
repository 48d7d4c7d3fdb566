import { setFlagsFromString } from 'node:v8'

/**
 * How far V8 lets the heap grow past what the last full collection found alive, in percent
 * (docs/decisions/128-request-path-second-pass.md). Left to itself, V8 lets it grow to up to four times
 * the live size when the process allocates fast, as a page server under load does, and keeps it: a
 * portal whose live heap was 76 MiB held 348 MiB of heap (466 MiB resident) after 30 s of 100
 * connections, and still after 20 s idle. At 50% the same run held 171 MiB (274 MiB resident), at the
 * same req/s within the machine's noise; full collections come more often, and each is of a smaller heap.
 */
export const HEAP_GROWING_PERCENT = 50

/**
 * Applied as the servers start. V8 reads this setting at each collection, so setting it at run time
 * takes effect from the next one (Node warns that flags set late may do nothing; this one is read late).
 */
export function keepHeapNearLive() {
	setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)
}
