/** cli profile policy NAME: set, show, reset and clear a profile's policy; what is left in the config file. */
import {readFileSync} from 'node:fs'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useAuthSuite} from './auth-suite.js'

describe('profile policy', () => {
  const {suite, home, configFile, saveProfile} = useAuthSuite()
  const policy = (...args: string[]) => runCli(['profile', 'policy', ...args], {home: home.home})
  const saved = () => JSON.parse(readFileSync(configFile(), 'utf8')).profiles.team

  it('sets rules flag by flag, keeps the others, prints and saves the policy; sends nothing', async () => {
    await saveProfile('team', suite.up.url)
    const set = await policy('team', '--deny', 'invoices:*', '--deny', '*:delete', '--max-amount', '250.5')
    expect(set.code, set.stderr).to.equal(0)
    expect(set.stderr).to.equal('')
    expect(set.stdout).to.equal(
      'policy of profile "team":\n  deny: invoices:*, *:delete\n  max_amount: 250.5 at most a change\n',
    )
    const more = await policy('team', '--require-plan', '--no-agent-apply', '--allow', 'payments:*')
    expect(more.code, more.stderr).to.equal(0)
    expect(saved()).to.deep.equal({
      base_url: suite.up.url,
      token: suite.up.token,
      policy: {
        deny: ['invoices:*', '*:delete'],
        max_amount: 250.5,
        require_plan: true,
        agent_apply: false,
        allow: ['payments:*'],
      },
    })
    const show = await runCli(['profile', 'policy', 'team', '--show', '-o', 'json'], {home: home.home})
    expect(JSON.parse(show.stdout)).to.deep.equal({profile: 'team', policy: saved().policy})
    const text = await policy('team')
    expect(text.stdout).to.equal(
      'policy of profile "team":\n' +
        '  allow: only payments:*\n' +
        '  deny: invoices:*, *:delete\n' +
        '  max_amount: 250.5 at most a change\n' +
        '  require_plan: changes only through "cli apply" of a saved plan\n' +
        '  agent_apply: false (the MCP server may plan, not apply)\n',
    )
    expect(suite.up.requests).to.deep.equal([])
  })

  it('--reset removes one rule, --no-... puts a rule back to its default, --clear removes the policy', async () => {
    await saveProfile('team', suite.up.url)
    await policy('team', '--read-only', '--deny', '*:delete', '--no-agent-apply')
    expect((await policy('team', '--reset', 'deny', '--agent-apply')).code).to.equal(0)
    expect(saved().policy).to.deep.equal({read_only: true})
    expect((await policy('team', '--no-read-only')).code).to.equal(0)
    expect(saved()).not.to.have.property('policy')
    await policy('team', '--read-only')
    const clear = await policy('team', '--clear')
    expect(clear.stdout).to.equal(
      'policy of profile "team":\n  none: any change the token allows (no local guardrail)\n',
    )
    expect(saved()).to.deep.equal({base_url: suite.up.url, token: suite.up.token})
  })

  it('refuses what it cannot save (exit 2, the file unchanged): bad patterns, amounts, profiles, contradictions', async () => {
    await saveProfile('team', suite.up.url)
    await policy('team', '--read-only')
    const before = readFileSync(configFile(), 'utf8')
    const cases: Array<[string[], RegExp]> = [
      [['team', '--deny', 'invoices'], /policy pattern "invoices" is not family:verb/],
      [['team', '--allow', 'Invoices:create'], /is not family:verb/],
      [['team', '--max-amount', '-5'], /--max-amount must be a number of 0 or more/],
      [['team', '--max-amount', 'lots'], /--max-amount must be a number/],
      [['team', '--clear', '--read-only'], /--clear removes the whole policy: give it alone/],
      [['team', '--reset', 'deny', '--deny', 'x:y'], /--reset deny and a flag setting deny contradict/],
      [['nobody', '--read-only'], /profile "nobody" \(profile policy\) is not saved/],
    ]
    for (const [args, message] of cases) {
      const r = await policy(...args)
      expect(r.code, args.join(' ')).to.equal(2)
      expect(r.stderr, args.join(' ')).to.match(message)
      expect(r.stderr.trim().split('\n'), args.join(' ')).to.have.length(1)
    }
    expect(readFileSync(configFile(), 'utf8')).to.equal(before)
  })

  it('warns on a family or verb no command has (a plugin may), and saves it', async () => {
    await saveProfile('team', suite.up.url)
    const r = await policy('team', '--deny', 'widgets:create', '--deny', 'invoices:frobnicate')
    expect(r.code).to.equal(0)
    expect(r.stderr).to.equal(
      'Warning: no family of the CLI is named widgets (in widgets:create)\n' +
        'Warning: invoices has no verb or action frobnicate (in invoices:frobnicate): it matches nothing\n',
    )
    expect(saved().policy).to.deep.equal({deny: ['widgets:create', 'invoices:frobnicate']})
  })

  it('a policy the file holds but cannot be read: exit 2 naming the profile, for every command, nothing sent', async () => {
    await saveProfile('team', suite.up.url)
    const config = JSON.parse(readFileSync(configFile(), 'utf8'))
    config.profiles.team.policy = {deny: ['invoices:*'], readonly: true}
    const {writeFileSync} = await import('node:fs')
    writeFileSync(configFile(), JSON.stringify(config), {mode: 0o600})
    const r = await runCli(['clients', 'create', '--name', 'x', '--yes'], {home: home.home})
    expect(r.code).to.equal(2)
    expect(r.stderr).to.equal(
      'Error: the policy of profile "team" in the config file is not valid (unknown rule readonly): set it again ' +
        'with "cli profile policy team ..." or remove it with "cli profile policy team --clear"\n',
    )
    expect(suite.up.requests).to.deep.equal([])
    expect((await policy('team', '--clear')).code).to.equal(0)
  })
})
