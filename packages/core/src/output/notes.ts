/**
 * Lines for people on stderr (a table's note, a page footer) that fit the terminal: on a terminal
 * of `width` columns a note is broken between words into lines no wider; piped, it stays one line
 * (for grep).
 */
import {asListPage} from '../http/paging.js'
import {upstreamText} from './terminal.js'
import {writeErr} from './write.js'

/**
 * The words of `text` in lines of at most `width` characters, each after `indent`; a word longer than the room is
 * cut across lines. Without a width, the text as one line.
 */
export function wrapWords(text: string, width?: number, indent = ''): string[] {
  if (width === undefined) return [indent + text]
  const room = Math.max(1, width - indent.length)
  const lines: string[] = []
  let line = ''
  for (let word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > room) {
      lines.push(line)
      line = ''
    }
    while (!line && word.length > room) {
      lines.push(word.slice(0, room))
      word = word.slice(room)
    }
    line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines.map((l) => indent + l)
}

/** A note on stderr, fitted to stderr's terminal when it is one. */
export function writeNote(text: string, stream: NodeJS.WriteStream = process.stderr): void {
  const width = stream.isTTY ? stream.columns || 80 : undefined
  writeErr(wrapWords(text, width).join('\n'))
}

/** Under a list page's table: which page of how many, and how to get the others (nothing for one page). */
export function pageFooter(body: unknown): void {
  const p = asListPage(body).meta?.pagination
  if (p && Number(p.total_pages) > 1) {
    writeNote(
      `page ${upstreamText(p.current_page, 40)} of ${upstreamText(p.total_pages, 40)} ` +
        `(${upstreamText(p.total, 40)} records): ` +
        '--page N for another page, --all for every page',
    )
  }
}
