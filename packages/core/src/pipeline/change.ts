/** What every stage of the change pipeline knows about the change it handles: where it came from and where it goes. */

/** Where a change started. */
export type ChangeSource = 'cli' | 'apply' | 'undo' | 'mcp' | 'api' | 'runner' | 'plugin'

export interface ChangeContext {
  source: ChangeSource
  /** The profile in use (its name) and the server root. */
  profile: string
  baseUrl: string
  family: string
  verb: string
  /** The saved plan's SHA-256, when the change comes from one (apply, a saved undo). */
  planSha256?: string
  /** The journal entry an undo undoes. */
  undoes?: string
}

/** `invoices:update` → family `invoices`, verb `update`; `api` → family `api`, verb `api`. */
export function commandWords(id: string | undefined): {family: string; verb: string} {
  const words = (id ?? 'cli').split(':')
  return {family: words[0], verb: words.slice(1).join(' ') || words[0]}
}
