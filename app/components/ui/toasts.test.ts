import { expect, test } from 'vitest'
import { visibleToasts } from './toasts.tsx'

const t = (id: string, type: 'success' | 'warning' | 'danger') => ({ id, type, description: id })

test('at most 3 messages and 1 error popup, the newest kept', () => {
	const shown = visibleToasts([
		t('e1', 'danger'),
		t('m1', 'success'),
		t('m2', 'warning'),
		t('e2', 'danger'),
		t('m3', 'success'),
		t('m4', 'success'),
	])
	expect(shown.map((s) => s.id)).toEqual(['e2', 'm2', 'm3', 'm4'])
})
