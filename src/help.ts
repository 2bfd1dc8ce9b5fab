import {Help} from '@oclif/core'

/** Exit codes and environment variables, appended to the root help (`cli --help`). */
export const ROOT_HELP_APPENDIX = `EXIT CODES
  0  success
  1  the upstream answered an error, or the network failed
  2  usage or input error found locally (nothing was sent)
  3  refused by the guardrail: a change without --yes or --dry-run (nothing was sent)
  4  no token configured, or the upstream rejected it (401/403)
  127  unknown command
  130  interrupted by Ctrl-C (no partial output file is left)

ENVIRONMENT
  CLI_BASE_URL          server root, e.g. https://invoicing.co (--base-url wins over it)
  CLI_API_TOKEN         API token (wins over the profile's); there is no token flag
  CLI_API_PASSWORD      account password, sent as X-API-PASSWORD on password-protected routes (users)
  CLI_PROFILE           config profile to use (--profile wins over it)
  CLI_TIMEOUT           seconds to wait for a connection and an answer (default 60; --timeout wins over it)
  CLI_INSECURE          1 allows sending the token over plain http:// to a host that is not loopback (like --insecure)
  CLI_RETRY_WAIT_SCALE  multiplies every retry wait, 0 to 1 (a testing and tuning knob; default 1)
  NO_COLOR              no colour in tables
  DEBUG                 show stack traces of unexpected errors (like --debug)`

export default class CliHelp extends Help {
  protected async showRootHelp(): Promise<void> {
    await super.showRootHelp()
    this.log(`\n${ROOT_HELP_APPENDIX}`)
  }
}
