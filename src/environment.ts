/**
 * Every environment variable the CLI reads and every exit code it gives: one table for
 * `cli --help`, `cli help environment` and docs/environment.md. Plain data: the help class loads
 * it on every --help, so it does not import the core (a test keeps the codes equal to ExitCode).
 */

/** Names (a variable, an exit code) and what each means, in the order help lists them. */
export type Table = Readonly<Record<string, string>>

export const ENVIRONMENT: Table = {
  CLI_BASE_URL: 'server root, e.g. https://invoicing.co (--base-url wins over it, it wins over the profile)',
  CLI_API_TOKEN: "API token (wins over the profile's); there is no token flag",
  CLI_API_PASSWORD:
    'account password, sent as X-API-PASSWORD only to the routes that need it: users, client purge and merge, ' +
    'company purge',
  CLI_PROFILE: 'config profile to use (--profile wins over it); one that is not saved is refused (exit 2)',
  CLI_TIMEOUT:
    'seconds each request may take, from connecting to the last byte of the answer (default 60; --timeout wins ' +
    'over it)',
  CLI_MAX_RESPONSE_MB:
    'largest answer read, in MB, downloads and error pages included (default 256); a larger one fails with exit 1',
  CLI_INSECURE: '1 allows sending the token over plain http:// to a host that is not loopback (like --insecure)',
  HTTPS_PROXY:
    'proxy for https:// base URLs (http://host:port, user:password@ allowed), tunnelled with CONNECT; also https_proxy',
  HTTP_PROXY: 'proxy for http:// base URLs, tunnelled with CONNECT; also http_proxy (ALL_PROXY/all_proxy: for both)',
  NO_PROXY:
    'hosts reached directly despite a proxy: comma-separated names, .domain suffixes, host:port, or *; also no_proxy',
  CLI_RETRY_WAIT_SCALE: 'multiplies every retry wait, 0 to 1 (a testing and tuning knob; default 1)',
  NO_COLOR: 'set and not empty: no colour (tables, error and warning labels)',
  TERM: 'dumb: no colour',
  DEBUG: 'show stack traces of unexpected errors (like --debug)',
  CLI_FAST_PATH:
    '0 runs every command through oclif instead of the fast path (output and requests are the same; for ' +
    'ruling it out)',
  XDG_CONFIG_HOME: 'the config file lives in $XDG_CONFIG_HOME/invoicing-cli (default ~/.config)',
  XDG_DATA_HOME: 'installed and linked plugins live in $XDG_DATA_HOME/invoicing-cli (default ~/.local/share)',
  XDG_CACHE_HOME:
    "completion scripts, and the currencies' decimals read from the server (kept a day, a folder per profile), " +
    'live in $XDG_CACHE_HOME/invoicing-cli (default ~/.cache)',
  CLI_CONFIG_DIR: 'the config folder itself, instead of the XDG_CONFIG_HOME one',
  CLI_DATA_DIR: 'the plugins folder itself, instead of the XDG_DATA_HOME one',
  CLI_CACHE_DIR: 'the cache folder itself, instead of the XDG_CACHE_HOME one',
  XDG_STATE_HOME:
    'the journal of changes (cli history, cli undo, what emails failed --resend sent) lives in ' +
    '$XDG_STATE_HOME/invoicing-cli (default ~/.local/state)',
  CLI_STATE_DIR: 'the journal folder itself, instead of the XDG_STATE_HOME one',
}

// Integer keys: an object lists them in ascending order, the order help wants.
export const EXIT_CODES: Table = {
  0: 'success',
  1: 'the upstream answered an error, or the network failed',
  2: 'usage or input error found locally (nothing was sent)',
  3:
    "refused by the guardrail: a change without --yes or --dry-run, or one the profile's policy refuses " +
    '(nothing was sent)',
  4: 'no token configured, or the upstream rejected it (401/403)',
  5:
    'incomplete: a listing stopped at the page cap (100 pages), or a bulk action found not every id; what was ' +
    'printed is right but not everything asked for. Also a backup or period pack with a file not saved, a ' +
    'backup that verify finds damaged, and a change that did nothing: a bulk whose filters match no record, ' +
    'reconcile --yes with nothing to match, emails failed --resend with nothing to resend, an e-mail that reached ' +
    'nobody, an update of nothing but fields the server sets aside, auth logout of a profile not saved',
  6:
    'stale plan: cli apply found a target record changed, another profile or base URL, or the plan file edited ' +
    '(nothing was sent)',
  127: 'unknown command: the nearest one is named, nothing runs',
  129: 'stopped by SIGHUP: the terminal went away, e.g. a dropped ssh session (no partial output file is left)',
  130: 'interrupted by Ctrl-C (no partial output file is left)',
  143: 'stopped by SIGTERM, e.g. a timeout or a cancelled job (no partial output file is left)',
}

/** Each exit code in a few words, for the root help's one-paragraph summary (EXIT_CODES says what each means). */
export const EXIT_CODE_WORDS: Table = {
  0: 'success',
  1: 'upstream or network error',
  2: 'usage error',
  3: 'guardrail',
  4: 'no or rejected token',
  5: 'incomplete or nothing done (listing, bulk, backup, pack)',
  6: 'stale plan',
  127: 'unknown command',
  129: 'SIGHUP',
  130: 'Ctrl-C',
  143: 'SIGTERM',
}

/** Words of `text` in lines of at most `room` characters (a longer word stands alone). */
export function wrap(text: string, room: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > room) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  return [...lines, line]
}

/**
 * A help section: a title, then one entry a line, the meanings aligned; on a terminal of `width`
 * columns a long meaning goes on under itself, as oclif's own sections do.
 */
export function section(title: string, table: Table, width = Number.POSITIVE_INFINITY): string {
  const nameWidth = Math.max(...Object.keys(table).map((name) => name.length))
  const indent = ' '.repeat(nameWidth + 4)
  const room = Math.max(24, width - indent.length)
  return [
    title,
    ...Object.entries(table).map(
      ([name, meaning]) => `  ${name.padEnd(nameWidth)}  ${wrap(meaning, room).join(`\n${indent}`)}`,
    ),
  ].join('\n')
}

/** `cli help environment`, `width` columns wide. */
export const environmentHelp = (width?: number): string =>
  `${section('ENVIRONMENT', ENVIRONMENT, width)}\n\n${section('EXIT CODES', EXIT_CODES, width)}`

/** Markdown tables of both, for docs/environment.md. */
export function environmentMarkdown(bin: string): string {
  const table = (head: string, rows: Table) =>
    [
      `| ${head} | meaning |`,
      '|---|---|',
      ...Object.entries(rows).map(([name, meaning]) => `| \`${name}\` | ${meaning} |`),
    ].join('\n')
  return [
    '# Environment variables and exit codes',
    '',
    `Generated by \`npm run docs\`; \`${bin} help environment\` prints the same.`,
    '',
    '## Environment variables',
    '',
    table('variable', ENVIRONMENT),
    '',
    '## Exit codes',
    '',
    table('code', EXIT_CODES),
    '',
  ].join('\n')
}
