/**
 * Guided write flags per family: a family is offered only the guided flags whose field its entry
 * has (`invoices create` has no --name, --price or --vendor-id). A guided flag the family lacks
 * is answered with the flags it does take.
 */
import {type GuidedFlag, GUIDED_FLAGS} from '../../input/payload.js'
import type {Family} from '../../registry/types.js'
import {familyTable} from '../../registry/schema/field-table.js'

export function guidedFlagsFor(f: Family): readonly GuidedFlag[] {
  const table = familyTable(f)
  return GUIDED_FLAGS.filter((g) => table.fields.has(g.field))
}

/** The message for `--vendor-id` on `invoices create`, or undefined when `flag` is no guided flag. */
export function missingGuidedFlag(f: Family, flag: string, command: string): string | undefined {
  const guided = GUIDED_FLAGS.find((g) => g.flag === flag)
  if (!guided) return undefined
  const takes = [
    ...guidedFlagsFor(f).map((g) => `--${g.flag}`),
    '--field KEY=VALUE',
    ...(f.documentLike ? ['--line-item'] : []),
  ]
  return `--${flag} sets ${guided.field}, which ${f.word} records do not have: ${command} takes ${takes.join(', ')}`
}
