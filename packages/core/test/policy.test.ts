/** The policy evaluator: each rule refuses what it names and lets the rest through; patterns; amounts. */
import {expect} from 'chai'

import {CliError} from '../src/errors.js'
import {changeAmount, movesMoney} from '../src/policy/amounts.js'
import {enforceProfilePolicy, type PipelineChange, policyChanges} from '../src/policy/enforce.js'
import {changeNames, policyRefusal, rawAction, type PolicyChange} from '../src/policy/evaluate.js'
import {parsePattern, patternMatches} from '../src/policy/patterns.js'
import {agentMayApply, describePolicy, readPolicy, type Policy} from '../src/policy/policy.js'

const change = (over: Partial<PolicyChange> = {}): PolicyChange => ({
  profile: 'team',
  source: 'cli',
  family: 'invoices',
  verb: 'create',
  requests: [{method: 'POST', path: '/api/v1/invoices', body: {client_id: 'c1'}}],
  ...over,
})
const ruleOf = (policy: Policy, c: PolicyChange = change()) => policyRefusal(policy, c)?.rule

describe('policy: patterns', () => {
  it('family:verb with * for any run of characters, * alone for everything', () => {
    expect(parsePattern('*')).to.equal('*:*')
    expect(patternMatches('invoices:*', 'invoices', 'delete')).to.equal(true)
    expect(patternMatches('invoices:*', 'recurring-invoices', 'delete')).to.equal(false)
    expect(patternMatches('*:delete', 'clients', 'delete')).to.equal(true)
    expect(patternMatches('*invoices:create', 'recurring-invoices', 'create')).to.equal(true)
    expect(patternMatches('payments:create', 'payments', 'refund')).to.equal(false)
    expect(patternMatches('*:*', 'anything', 'mark_paid')).to.equal(true)
  })

  it('refuses what is not family:verb (exit 2), a dot or an upper case letter included', () => {
    for (const bad of ['invoices', 'invoices:', ':create', 'a:b:c', 'Invoices:create', 'invoices:cre.ate', 'x:(y)'])
      expect(() => parsePattern(bad), bad).to.throw(/is not family:verb/)
  })
})

describe('policy: the rules', () => {
  it('no policy lets everything through', () => {
    expect(ruleOf({})).to.equal(undefined)
  })

  it('read_only refuses every change from every source, saving a plan included', () => {
    for (const source of ['cli', 'apply', 'undo', 'mcp', 'api', 'runner', 'plugin'] as const)
      expect(ruleOf({read_only: true}, change({source}))).to.equal('read_only')
    expect(ruleOf({read_only: true}, change({stage: 'save'}))).to.equal('read_only')
    const refusal = policyRefusal({read_only: true}, change())
    expect(refusal?.message).to.equal(
      'the policy of profile "team" refuses invoices:create (rule read_only): the profile is read-only; ' +
        'nothing was sent',
    )
  })

  it('deny refuses what a pattern names, by verb or by the action a bulk carries', () => {
    expect(ruleOf({deny: ['invoices:*']})).to.equal('deny')
    expect(ruleOf({deny: ['clients:*']})).to.equal(undefined)
    expect(ruleOf({deny: ['*:archive']}, change({verb: 'bulk', action: 'archive'}))).to.equal('deny')
    expect(ruleOf({deny: ['*:archive']}, change({verb: 'bulk', action: 'restore'}))).to.equal(undefined)
    expect(policyRefusal({deny: ['invoices:*']}, change())?.message).to.contain(
      '(rule deny): it is denied by invoices:*',
    )
  })

  it('allow refuses what no pattern names; an empty list allows nothing', () => {
    expect(ruleOf({allow: ['payments:create']})).to.equal('allow')
    expect(ruleOf({allow: ['payments:create', 'invoices:create']})).to.equal(undefined)
    expect(ruleOf({allow: []})).to.equal('allow')
    expect(ruleOf({allow: ['invoices:*'], deny: ['invoices:create']})).to.equal('deny')
  })

  it('max_amount: the plan total (line items with taxes), a payment amount, the target balance given', () => {
    const invoice = {line_items: [{quantity: 2, cost: 300, tax_rate1: 10}], tax_rate1: 0}
    const create = change({requests: [{method: 'POST', path: '/api/v1/invoices', body: invoice}]})
    expect(ruleOf({max_amount: 700}, create)).to.equal(undefined)
    expect(ruleOf({max_amount: 600}, create)).to.equal('max_amount')
    expect(policyRefusal({max_amount: 600}, create)?.message).to.contain('it moves 660, more than the 600')
    const payment = change({
      family: 'payments',
      requests: [{method: 'POST', path: '/api/v1/payments', body: {amount: '1500.50'}}],
    })
    expect(ruleOf({max_amount: 1500}, payment)).to.equal('max_amount')
    expect(ruleOf({max_amount: 1501}, payment)).to.equal(undefined)
    const markPaid = change({verb: 'action', action: 'mark_paid', requests: [{method: 'GET', path: '/x/1/mark_paid'}]})
    expect(ruleOf({max_amount: 100}, {...markPaid, amount: 250})).to.equal('max_amount')
    expect(ruleOf({max_amount: 100}, {...markPaid, amount: 50})).to.equal(undefined)
    expect(ruleOf({max_amount: 100}, markPaid)).to.equal('max_amount')
    expect(policyRefusal({max_amount: 100}, markPaid)?.message).to.contain('the amount it moves is not known')
    expect(ruleOf({max_amount: 0}, change({family: 'clients', requests: [{method: 'POST', path: '/c'}]}))).to.equal(
      undefined,
    )
  })

  it('require_plan lets only cli apply send, and any road save a plan', () => {
    for (const source of ['cli', 'undo', 'mcp', 'api', 'runner', 'plugin'] as const)
      expect(ruleOf({require_plan: true}, change({source}))).to.equal('require_plan')
    expect(ruleOf({require_plan: true}, change({source: 'apply'}))).to.equal(undefined)
    expect(ruleOf({require_plan: true}, change({stage: 'save'}))).to.equal(undefined)
    // The MCP server applies saved plans too: allowed (agent_apply decides whether it may apply at all).
    expect(ruleOf({require_plan: true}, change({source: 'mcp', fromPlan: true}))).to.equal(undefined)
    expect(policyRefusal({require_plan: true}, change())?.message).to.contain('--save-plan FILE')
  })

  it('agent_apply: false refuses the MCP server applying, not planning, and nothing else', () => {
    expect(ruleOf({agent_apply: false}, change({source: 'mcp'}))).to.equal('agent_apply')
    expect(ruleOf({agent_apply: false}, change({source: 'mcp', stage: 'save'}))).to.equal(undefined)
    expect(ruleOf({agent_apply: false}, change({source: 'cli'}))).to.equal(undefined)
    expect(agentMayApply({agent_apply: false})).to.equal(false)
    expect(agentMayApply({read_only: true})).to.equal(false)
    expect(agentMayApply({deny: ['*:delete']})).to.equal(true)
  })
})

describe('policy: raw requests and amounts', () => {
  it('reads family and verb from a raw path (cli api, the runners)', () => {
    expect(rawAction({method: 'POST', path: '/api/v1/invoices'})).to.deep.equal({family: 'invoices', verb: 'create'})
    expect(rawAction({method: 'PUT', path: '/api/v1/purchase_orders/Xy'})).to.deep.equal({
      family: 'purchase-orders',
      verb: 'update',
    })
    expect(rawAction({method: 'DELETE', path: '/api/v1/clients/Xy'})).to.deep.equal({family: 'clients', verb: 'delete'})
    expect(rawAction({method: 'POST', path: '/api/v1/invoices/bulk'})).to.deep.equal({family: 'invoices', verb: 'bulk'})
    expect(rawAction({method: 'GET', path: '/api/v1/invoices/Xy/mark_paid'})).to.deep.equal({
      family: 'invoices',
      verb: 'mark_paid',
    })
    expect(rawAction({method: 'POST', path: '/api/v1/payments/refund'})).to.deep.equal({
      family: 'payments',
      verb: 'refund',
    })
    expect(changeNames(change({family: undefined, verb: undefined}))).to.deep.equal({
      family: 'invoices',
      verbs: ['create'],
    })
  })

  it('the largest amount of the requests; none when no body says', () => {
    expect(changeAmount([{body: {amount: 10}}, {body: {amount: -40}}])).to.equal(40)
    expect(changeAmount([{body: {name: 'x'}}, {}])).to.equal(undefined)
    expect(changeAmount([{body: {line_items: [{quantity: 3, cost: '2.5'}]}}])).to.equal(7.5)
    expect(changeAmount([{body: {invoices: [{invoice_id: 'a', amount: 30}], credits: [{amount: '5'}]}}])).to.equal(35)
    expect(movesMoney(['bulk', 'mark_paid'])).to.equal(true)
    expect(movesMoney(['create'])).to.equal(false)
  })
})

describe('policy: as saved', () => {
  it('reads a valid policy and refuses one this version cannot read (exit 2), never ignoring it', () => {
    expect(readPolicy('p', {deny: ['invoices:*'], max_amount: 5})).to.deep.equal({deny: ['invoices:*'], max_amount: 5})
    expect(readPolicy('p', undefined)).to.deep.equal({})
    for (const bad of [[], 'x', {read_only: 'yes'}, {max_amount: -1}, {allow: 'invoices:*'}, {deny: ['x']}, {ro: true}])
      expect(() => readPolicy('p', bad), JSON.stringify(bad)).to.throw(/policy of profile "p" .* is not valid/)
  })

  it('describes each rule on a line, and no policy as none', () => {
    expect(describePolicy({})).to.deep.equal(['none: any change the token allows (no local guardrail)'])
    expect(describePolicy({read_only: true, deny: ['*:delete'], agent_apply: false})).to.deep.equal([
      'read_only: no change by any road',
      'deny: *:delete',
      'agent_apply: false (the MCP server may plan, not apply)',
    ])
  })
})

describe('policy: the pipeline stage', () => {
  const input = (over: Partial<PipelineChange> = {}): PipelineChange => ({
    profile: 'team',
    source: 'cli',
    family: 'invoices',
    verb: 'bulk',
    requests: [{method: 'POST', path: '/api/v1/invoices/bulk', body: {action: 'delete', ids: ['a']}}],
    saving: false,
    ...over,
  })

  it('a bulk or an action is named by its verb and by its action', () => {
    expect(policyChanges(input()).map((c) => [c.family, c.verb, c.action])).to.deep.equal([
      ['invoices', 'bulk', 'delete'],
    ])
    const action = input({verb: 'action', requests: [{method: 'GET', path: '/api/v1/invoices/a/mark_paid'}]})
    expect(policyChanges(action)[0].action).to.equal('mark_paid')
  })

  it('cli api, a runner and a command that is not a family (a plugin) are named by each request', () => {
    const api = input({
      source: 'api',
      family: 'api',
      verb: 'api',
      requests: [{method: 'DELETE', path: '/api/v1/clients/x'}],
    })
    expect(policyChanges(api).map((c) => `${c.family}:${c.verb}`)).to.deep.equal(['clients:delete'])
    const plugin = input({
      source: 'plugin',
      family: 'hello',
      verb: 'pay',
      requests: [{method: 'POST', path: '/api/v1/payments', body: {amount: 5}}],
    })
    expect(policyChanges(plugin).map((c) => `${c.family}:${c.verb}`)).to.deep.equal(['payments:create'])
  })

  it('a refusal is exit 3 naming the policy and the rule; saving a plan under require_plan passes', () => {
    expect(() => enforceProfilePolicy({deny: ['*:delete']}, input()))
      .to.throw(CliError, /policy of profile "team" refuses invoices:bulk \(rule deny\)/)
      .with.property('exitCode', 3)
    expect(() => enforceProfilePolicy({require_plan: true}, input({saving: true}))).not.to.throw()
    expect(() => enforceProfilePolicy({require_plan: true}, input({source: 'apply'}))).not.to.throw()
    expect(() => enforceProfilePolicy({deny: ['clients:*']}, input())).not.to.throw()
  })
})

describe('policy: undo', () => {
  it('an undo is named by its compensating requests: undoing a create is a delete', () => {
    const undo: PipelineChange = {
      profile: 'team',
      source: 'undo',
      family: 'clients',
      verb: 'undo create',
      requests: [{method: 'DELETE', path: '/api/v1/clients/x'}],
      saving: false,
    }
    expect(policyChanges(undo).map((c) => `${c.family}:${c.verb}`)).to.deep.equal(['clients:delete'])
    expect(() => enforceProfilePolicy({deny: ['*:delete']}, undo)).to.throw(/refuses clients:delete \(rule deny\)/)
  })
})
