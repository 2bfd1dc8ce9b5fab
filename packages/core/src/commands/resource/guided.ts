/**
 * Guided write flags per family: a family is offered only the guided flags whose field the server
 * writes for it (registry/server: `invoices create` has no --name or --price, payment terms no
 * --name), and a create's own (`payments create --invoice`) on its create only. A guided flag the family lacks is
 * answered with the flags it does take.
 */
import {type GuidedFlag, GUIDED_FLAGS} from '../../input/payload.js'
import type {Family} from '../../registry/types.js'
import {serverFieldType} from '../../registry/server/facts.js'

export function guidedFlagsFor(f: Family, verb: 'create' | 'update' = 'create'): readonly GuidedFlag[] {
  return GUIDED_FLAGS.filter(
    (g) => serverFieldType(f.word, g.field) !== undefined && (verb === 'create' || !g.createOnly),
  )
}

/** The message for `--name` on `invoices create`, or undefined when `flag` is no guided flag. */
export function missingGuidedFlag(
  f: Family,
  flag: string,
  command: string,
  verb: 'create' | 'update' = 'create',
): string | undefined {
  const guided = GUIDED_FLAGS.find((g) => g.flag === flag)
  if (!guided) return undefined
  if (guided.createOnly && serverFieldType(f.word, guided.field) !== undefined)
    return (
      `--${flag} is for ${f.word} create: ${command} sets ${guided.field} with --field ${guided.field}.0.` +
      `${guided.itemKey}=ID --field ${guided.field}.0.amount=N`
    )
  const takes = [
    ...guidedFlagsFor(f, verb).map((g) => `--${g.flag}`),
    '--field KEY=VALUE',
    ...(f.documentLike ? ['--line-item'] : []),
  ]
  return `--${flag} sets ${guided.field}, which ${f.word} records do not have: ${command} takes ${takes.join(', ')}`
}
