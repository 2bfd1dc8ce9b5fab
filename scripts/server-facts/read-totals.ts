/**
 * What the server works out itself when it saves a document. Part of scripts/server-facts.ts.
 *
 * A repository's save ends with `$model->calc()->getInvoice()` (getQuote, getCredit, ...): the document's calculator
 * (InvoiceSum, or InvoiceSumInclusive for inclusive taxes) sets its totals from the line items, whatever was sent.
 * An attribute its setCalculatedAttributes() sets outside any condition is one a create or an update cannot change.
 */
import {functionBody} from './php.js'
import {php, type Read} from './read.js'

const CALCULATORS = ['app/Helpers/Invoice/InvoiceSum.php', 'app/Helpers/Invoice/InvoiceSumInclusive.php']

/** Attributes every calculator sets on every save: `$this->invoice->amount = ...` at the top of the method. */
export function calculatedAttributes(read: Read): Set<string> {
  const sets = CALCULATORS.map((path) => {
    const body = functionBody(php(read, path), 'setCalculatedAttributes')
    if (body === undefined) throw new Error(`${path}: no setCalculatedAttributes()`)
    const names = new Set<string>()
    for (const m of body.matchAll(/\$this->invoice->(\w+)\s*=(?!=)/g)) {
      const depth = [...body.slice(0, m.index)].reduce((d, c) => d + (c === '{' ? 1 : c === '}' ? -1 : 0), 0)
      if (depth === 0) names.add(m[1])
    }
    return names
  })
  // Set by each calculator alike: which one runs depends on the document's taxes.
  return new Set([...sets[0]].filter((name) => sets.every((s) => s.has(name))))
}

/** Whether saving a model runs its calculator: the base repository's save, or the model's own repository. */
export function savedThroughCalculator(read: Read, model: string): boolean {
  const call = new RegExp(`->calc\\(\\)\\s*->get${model}\\(`)
  return ['app/Repositories/BaseRepository.php', `app/Repositories/${model}Repository.php`].some((path) => {
    const text = read(path)
    return text !== undefined && call.test(php(read, path))
  })
}
