/** One self-rewriting progress line on stderr, only when stderr is a terminal. */
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
    },
  }
}
