// Small files for the activation uploads: the API tells them by their first bytes (decision 014).

/** A 1×1 PNG. */
export const PNG = {
	name: 'photo.png',
	mimeType: 'image/png',
	buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
}

/** A one-page PDF with nothing on it. */
export const PDF = {
	name: 'scan.pdf',
	mimeType: 'application/pdf',
	buffer: Buffer.from(
		'%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
		'latin1',
	),
}

/** Text pretending to be a PDF by its name: refused by its bytes. */
export const NOT_A_PDF = { name: 'licence.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some text, not a scan\n') }
