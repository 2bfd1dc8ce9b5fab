/** The command suggested for an unknown one: the nearest id, or a top-level command typed after a family word. */
import {expect} from 'chai'

import {suggestCommand, topLevelAfterFamily} from '../src/suggest-command.js'

describe('suggest-command', () => {
  const families = ['invoices', 'clients']
  const known = [
    'invoices',
    'clients',
    'invoices:list',
    'invoices:action',
    'clients:list',
    'statics',
    'api',
    'auth',
    'auth:login',
    'help',
  ]

  it('a top-level command after a family word (or a near miss of one) drops the family, keeping what follows', () => {
    expect(topLevelAfterFamily(['invoices', 'statics'], known, families)).to.deep.equal(['statics'])
    expect(topLevelAfterFamily(['invoice', 'auth', 'login'], known, families)).to.deep.equal(['auth', 'login'])
    expect(topLevelAfterFamily(['clients', 'help', 'list'], known, families)).to.deep.equal(['help', 'clients', 'list'])
  })

  it('leaves everything else to the nearest id', () => {
    for (const words of [
      ['invoices'],
      ['invoices', 'list'],
      ['invoices', 'clients'],
      ['invoices', 'staticss'],
      ['frobnicate', 'statics'],
      ['auth', 'statics'],
    ]) {
      expect(topLevelAfterFamily(words, known, families), words.join(' ')).to.equal(undefined)
    }
    expect(suggestCommand('invoices:lsit', known)).to.equal('invoices:list')
  })
})
