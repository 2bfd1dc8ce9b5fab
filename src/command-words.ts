/**
 * oclif joins every word before the flags into one id (`clients:list:Acme`). How many leading words
 * name a command: the rest are arguments. Kept light (no core import): help loads it.
 */
import type {Interfaces} from '@oclif/core'

/** The number of leading words that are a command (the longest such), or 0. */
export function commandWords(config: Pick<Interfaces.Config, 'findCommand'>, words: readonly string[]): number {
  for (let n = words.length; n > 0; n--) if (config.findCommand(words.slice(0, n).join(':'))) return n
  return 0
}
