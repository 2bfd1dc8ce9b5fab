/** The file name a download is saved under when --output-file names a folder: from Content-Disposition, made safe. */
import {extname} from 'node:path'

/** The file name a Content-Disposition header suggests (`filename*=UTF-8''...` wins over `filename=`). */
export function fileNameFromDisposition(value: string | undefined): string | undefined {
  if (!value) return undefined
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;\s]+)/i.exec(value)
  if (extended) {
    try {
      return decodeURIComponent(extended[1])
    } catch {
      // A broken encoding: fall back to the plain parameter.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i.exec(value)
  if (!plain) return undefined
  return plain[1] === undefined ? plain[2].trim() : plain[1].replaceAll(/\\(.)/g, '$1')
}

const MAX_NAME_BYTES = 200

/**
 * A name that stays inside the chosen folder: no path separators (they become `_`), no control
 * characters, no leading dots (so never `.`, `..` or a hidden file), at most 200 bytes (the
 * extension kept). Empty after all that: `fallback`.
 */
export function safeFileName(name: string | undefined, fallback: string): string {
  let safe = (name ?? '')
    .replaceAll(/[/\\]/g, '_')
    // eslint-disable-next-line no-control-regex
    .replaceAll(/[\u0000-\u001F\u007F-\u009F]/g, '')
    .trim()
    .replace(/^\.+/, '')
  if (Buffer.byteLength(safe) > MAX_NAME_BYTES) {
    const ext = extname(safe).length <= 10 ? extname(safe) : ''
    let base = safe.slice(0, safe.length - ext.length)
    while (Buffer.byteLength(base + ext) > MAX_NAME_BYTES) base = base.slice(0, -1)
    safe = base + ext
  }
  return safe || fallback
}
