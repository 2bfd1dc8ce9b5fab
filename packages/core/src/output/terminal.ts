/**
 * The one terminal sanitiser. Whatever reaches a terminal (stdout or stderr that is a TTY) passes
 * through it, so an upstream cannot drive the operator's terminal: C0 controls, ESC (and with it
 * CSI and OSC sequences: a title change, an OSC 52 clipboard write), DEL and C1 controls (U+009B
 * is a one-character CSI) are shown escaped as \u001b, \u009b, ... Newlines and tabs stay, and so
 * does a carriage return before a newline (CRLF text). The CLI's own colours (color.ts, plain SGR
 * codes) are the only sequences let through: they can do nothing but colour text. Pipes and files
 * get the bytes unchanged.
 */
import {OWN_SEQUENCES} from './color.js'

// eslint-disable-next-line no-control-regex
const CONTROL = /\u001B\[\d{1,2}m|\r(?!\n)|[\u0000-\u0008\u000B-\u000C\u000E-\u001F\u007F-\u009F]/g

const escaped = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`

/** Controls shown escaped; `own` keeps the CLI's own colour sequences. */
export function escapeControls(text: string, own = false): string {
  return text.replaceAll(CONTROL, (m) =>
    own && OWN_SEQUENCES.has(m) ? m : m.length > 1 ? escaped(m[0]) + m.slice(1) : escaped(m),
  )
}

// Bytes written in pieces (a text answer streamed to stdout) may split a character: decode across writes.
const decoders = new WeakMap<NodeJS.WritableStream, TextDecoder>()

/** What may be written to `stream`: unchanged unless it is a terminal. */
export function forTerminal(stream: NodeJS.WriteStream, data: string | Uint8Array): string | Uint8Array {
  if (!stream.isTTY) return data
  if (typeof data === 'string') return escapeControls(data, true)
  let decoder = decoders.get(stream)
  if (!decoder) decoders.set(stream, (decoder = new TextDecoder('utf-8')))
  return escapeControls(decoder.decode(data, {stream: true}))
}

/**
 * A value from the upstream inside a line the CLI composes (a footer, a status line): every control shown
 * escaped, its own colours included (an upstream's `ESC[31m` is no colour of ours), and cut at `max` characters.
 */
export function upstreamText(value: unknown, max = 200): string {
  const text = escapeControls(typeof value === 'string' ? value : String(value))
  return text.length > max ? `${text.slice(0, max)}…` : text
}
