/** multipart/form-data bodies as the stand-in reads them (uploads and the CSV pre-import). */

export interface UploadPart {
  name: string
  filename?: string
  contentType?: string
  data: Buffer
}

/** Parses a multipart/form-data body over raw bytes, so binary file content survives. */
export function parseMultipart(body: Buffer, contentType: string): UploadPart[] {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)
  if (!match) return []
  const delimiter = Buffer.from(`\r\n--${match[1] ?? match[2]}`)
  // A leading CRLF makes the first delimiter look like the others.
  const buf = Buffer.concat([Buffer.from('\r\n'), body])
  const parts: UploadPart[] = []
  let at = buf.indexOf(delimiter)
  while (at !== -1) {
    const afterDelimiter = at + delimiter.length
    if (buf.toString('latin1', afterDelimiter, afterDelimiter + 2) === '--') break
    const headerEnd = buf.indexOf('\r\n\r\n', afterDelimiter)
    if (headerEnd === -1) break
    const next = buf.indexOf(delimiter, headerEnd + 4)
    if (next === -1) break
    const headers = buf.toString('utf8', afterDelimiter + 2, headerEnd)
    parts.push(makePart(headers, Buffer.from(buf.subarray(headerEnd + 4, next))))
    at = next
  }
  return parts
}

function makePart(rawHeaders: string, data: Buffer): UploadPart {
  const headers = new Map<string, string>()
  for (const line of rawHeaders.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  const disposition = headers.get('content-disposition') ?? ''
  const part: UploadPart = {name: /(?:^|;)\s*name="([^"]*)"/i.exec(disposition)?.[1] ?? '', data}
  const filename = /(?:^|;)\s*filename="([^"]*)"/i.exec(disposition)?.[1]
  if (filename !== undefined) part.filename = filename
  const type = headers.get('content-type')
  if (type !== undefined) part.contentType = type
  return part
}
