/**
 * The one progress mechanism: a self-rewriting line on stderr, only when stderr is a terminal
 * (paging's page count, a report's polling, a request that is slow to answer), never on stdout.
 * done() clears it, and may be called more than once. The line is cut to the terminal's width
 * (a wrapped line could not be rewritten), and a line written to stderr meanwhile (a warning)
 * clears it first: the next update draws it again below.
 */
import {surelyNoTerminal} from './std-streams.js'

export interface Progress {
  /** Whether anything is ever shown (stderr is a terminal). */
  readonly active: boolean
  update(text: string): void
  done(): void
}

const CLEAR = '\r\u001B[2K'

/** The line each stream shows now: cleared before another line is written there (write.ts). */
const shownOn = new WeakMap<NodeJS.WritableStream, () => void>()

/** Clears the progress line on `stream`, if one is shown, so that a line can be written in its place. */
export function clearProgress(stream: NodeJS.WritableStream): void {
  shownOn.get(stream)?.()
}

const INACTIVE: Progress = {active: false, update() {}, done() {}}

export function progressLine(stream: NodeJS.WriteStream): Progress {
  if (!stream.isTTY) return INACTIVE
  let shown = false
  const clear = () => {
    if (shown) stream.write(CLEAR)
    shown = false
    shownOn.delete(stream)
  }
  return {
    active: true,
    update(text) {
      const room = Math.max(1, (stream.columns || 80) - 1)
      stream.write(`${CLEAR}${text.length > room ? `${text.slice(0, room - 1)}…` : text}`)
      shown = true
      shownOn.set(stream, clear)
    },
    done: clear,
  }
}

/** The progress line on stderr, which is not even created when it is surely no terminal (std-streams.ts). */
export const stderrProgress = (): Progress => (surelyNoTerminal(2) ? INACTIVE : progressLine(process.stderr))

/** How long something is awaited before the line shows, and how often it turns. */
export const SLOW_AFTER_MS = 1000
const TICK_MS = 250
const SPINNER = ['|', '/', '-', '\\']

/**
 * While something is awaited: once it has taken `afterMs`, the line says `text()` with a turning spinner and the
 * seconds waited, drawn again every tick (so `text()` may change: a page count). Returns the stop, which clears it.
 * Nothing runs where the line is not shown (not a terminal); the timers never keep the process alive.
 */
export function whileSlow(progress: Progress, text: () => string, afterMs = SLOW_AFTER_MS): () => void {
  if (!progress.active) return () => {}
  const started = Date.now()
  let frame = 0
  let ticker: NodeJS.Timeout | undefined
  const draw = () =>
    progress.update(`${text()} ${SPINNER[frame++ % SPINNER.length]} ${Math.floor((Date.now() - started) / 1000)}s`)
  const timer = setTimeout(() => {
    draw()
    ticker = setInterval(draw, TICK_MS).unref()
  }, afterMs).unref()
  return () => {
    clearTimeout(timer)
    clearInterval(ticker)
    progress.done()
  }
}
