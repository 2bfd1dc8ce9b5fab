/**
 * The one progress mechanism: a self-rewriting line on stderr, only when stderr is a terminal
 * (paging's page count, a report's polling). done() clears it, and may be called more than once.
 */
export interface Progress {
  update(text: string): void
  done(): void
}

export function progressLine(stream: NodeJS.WriteStream): Progress {
  if (!stream.isTTY) return {update() {}, done() {}}
  let shown = false
  return {
    update(text) {
      stream.write(`\r\u001B[2K${text}`)
      shown = true
    },
    done() {
      if (shown) stream.write('\r\u001B[2K')
      shown = false
    },
  }
}
