import sharp from 'sharp'

// The demo's pictures (docs/decisions/107 and 158): small drawings standing in for the photos and scans a
// customer uploads, made as JPEGs so the portal and the desk show them as they show real ones.

async function jpeg(svg: string, quality: number) {
	return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality }).toBuffer())
}

const COLOURS = ['#2c7be5', '#00a676', '#e63946', '#f4a261', '#6c757d', '#264653', '#8d99ae']

/** A pre-inspection's photo: a car's outline on a coloured ground. */
export function vehiclePhoto(i: number) {
	return jpeg(
		`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
		<rect width="640" height="480" fill="${COLOURS[i % COLOURS.length]}"/>
		<rect x="120" y="220" width="400" height="110" rx="30" fill="#f8f9fa"/>
		<rect x="200" y="150" width="240" height="90" rx="25" fill="#e9ecef"/>
		<circle cx="210" cy="340" r="38" fill="#212529"/><circle cx="430" cy="340" r="38" fill="#212529"/>
	</svg>`,
		80,
	)
}

const PHONE_COLOURS = ['#1f2937', '#334155', '#4b5563']
const CAR_COLOURS = ['#b91c1c', '#1d4ed8', '#047857']

/** A small picture standing in for a photo of the damage: a cracked phone or a dented car, as a JPEG. */
export async function damagePhoto(kind: 'gadget' | 'auto', n: number) {
	const svg =
		kind === 'gadget'
			? `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
		<rect width="640" height="480" fill="#d6d3d1"/>
		<rect x="${230 + n * 10}" y="60" width="180" height="360" rx="26" fill="${PHONE_COLOURS[n % 3]}"/>
		<rect x="${242 + n * 10}" y="84" width="156" height="300" rx="6" fill="#93c5fd"/>
		<path d="M${300 + n * 10} 150 l40 60 l-30 40 l50 70 M${340 + n * 10} 210 l40 -20" stroke="#f8fafc" stroke-width="4" fill="none"/>
	</svg>`
			: `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
		<rect width="640" height="480" fill="#9ca3af"/>
		<rect x="${100 + n * 15}" y="220" width="420" height="120" rx="30" fill="${CAR_COLOURS[n % 3]}"/>
		<rect x="${190 + n * 15}" y="150" width="250" height="90" rx="25" fill="#cbd5e1"/>
		<circle cx="${200 + n * 15}" cy="345" r="40" fill="#111827"/><circle cx="${420 + n * 15}" cy="345" r="40" fill="#111827"/>
		<ellipse cx="${470 + n * 15}" cy="270" rx="45" ry="28" fill="#4b5563"/>
	</svg>`
	return jpeg(svg, 78)
}

/** A small picture standing in for a scanned document: a page with its title and lines of text. */
export async function documentScan(label: string) {
	const lines = Array.from(
		{ length: 14 },
		(_, i) => `<rect x="60" y="${200 + i * 34}" width="${380 + ((i * 73) % 110)}" height="12" fill="#cbd5e1"/>`,
	)
	const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
		<rect width="600" height="800" fill="#fafaf9"/>
		<rect x="0" y="0" width="600" height="90" fill="#e7e5e4"/>
		<text x="60" y="150" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#1c1917">${label.replace(/[<&]/g, '')}</text>
		${lines.join('')}
		<circle cx="470" cy="700" r="50" fill="none" stroke="#2563eb" stroke-width="5"/>
	</svg>`
	return jpeg(svg, 70)
}
