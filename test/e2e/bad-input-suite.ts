/**
 * The malformed-input table (bad-input.test.ts runs it; the cases by topic in bad-input-*.ts): the
 * case type, the temporary folder for files named as input, and the values several cases share.
 */
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

export interface Case {
  name: string
  args: string[]
  /** The whole stderr line after "Error: ", or a pattern for it. */
  error: string | RegExp
  env?: Record<string, string>
  /** Standard input: the case then runs the real bin/run.js (as do `spawn` cases). */
  stdin?: string | Buffer
  spawn?: boolean
}

export const dir = mkdtempSync(join(tmpdir(), 'cli-bad-'))
export const file = (name: string, content: string | Buffer): string => {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}
export const LATIN1 = Buffer.from('{"name":"Caf\xe9"}', 'latin1')
export const HUGE = 'x'.repeat(100_000)
export const ESC = '\u001B[2J'

/**
 * Malformed ids. A family whose records have human keys (numbers, names) looks up an id with / ? # or .. as one, in a
 * query parameter (test/e2e/records-by-key.test.ts): `keyed` leaves those cases out.
 */
export const idCases = (what: string, args: (id: string) => string[], keyed = false): Case[] => [
  ...(keyed
    ? []
    : [
        {
          name: `${what}: an id with /`,
          args: args('a/b'),
          error: 'id "a/b" is not valid: use only letters, digits, - and _ (upstream ids look like VolejRejNm)',
        },
        {name: `${what}: an id with ?`, args: args('a?b=1'), error: /^id "a\?b=1" is not valid/},
        {name: `${what}: an id with #`, args: args('a#b'), error: /^id "a#b" is not valid/},
        {name: `${what}: an id that is ..`, args: args('..'), error: /^id "\.\." is not valid/},
      ]),
  {name: `${what}: an empty id`, args: args(''), error: 'id must not be empty'},
  {
    name: `${what}: a huge id`,
    args: args(HUGE),
    error: 'id is too long (100000 characters, at most 128): upstream ids look like VolejRejNm',
  },
  {
    name: `${what}: an id with a terminal escape`,
    args: args(`a${ESC}`),
    error: 'id contains a control character (U+001B): remove it',
  },
]
