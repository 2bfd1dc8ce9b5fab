/**
 * `--action` takes the family's known actions (the registry's `actions`): `markpaid` is refused, naming `mark_paid`.
 */
import {shown, usageError} from '../../errors.js'
import type {Family} from '../../registry/types.js'
import {nearest} from '../../suggest.js'

export function checkKnownAction(f: Family, action: string): void {
  // A name that is no action name at all is refused by routes.ts checkAction, in its own words.
  if (f.actions.length === 0 || f.actions.includes(action) || !/^[a-z][a-z0-9_]*$/.test(action)) return
  const near =
    nearest(action, f.actions) ??
    nearest(
      action.replaceAll(/[^a-z0-9]/gi, ''),
      f.actions.map((a) => a.replaceAll('_', '')),
    )
  const suggestion =
    near === undefined ? undefined : f.actions.find((a) => a === near || a.replaceAll('_', '') === near)
  throw usageError(
    `--action ${shown(action)} is not an action of ${f.word}${suggestion ? `; did you mean ${suggestion}?` : ''} ` +
      `(${f.word} actions: ${f.actions.join(', ')})`,
  )
}
