import {
  apiPath,
  CliError,
  ExitCode,
  HttpClient,
  isSuccess,
  parseJsonBody,
  upstreamError,
} from '@invoicing-cli/core/internal'

export interface PingResult {
  company_name?: string
  user_name?: string
}

/** GET /api/v1/ping: checks a token; a rejected token is exit 4, any other failure exit 1. */
export async function ping(client: HttpClient): Promise<PingResult> {
  const res = await client.send({method: 'GET', path: apiPath('ping'), query: [], changes: false})
  if (!isSuccess(res.status)) {
    const error = upstreamError(res.status, res.body, String(res.headers['content-type'] ?? ''))
    if (error.exitCode === ExitCode.auth)
      throw new CliError(`the upstream rejected the token (${res.status}): check it and try again`, ExitCode.auth, {
        status: res.status,
      })
    throw error
  }
  return parseJsonBody(res) as PingResult
}
