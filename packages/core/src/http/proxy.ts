/**
 * Company proxies: HTTPS_PROXY, HTTP_PROXY, ALL_PROXY and NO_PROXY (upper or lower case), read by
 * proxy-from-env; the tunnel is hpagent's (CONNECT to the proxy, then TLS to the server end to end
 * for https, so the proxy never sees the token of an https request). Nothing is loaded unless a
 * proxy variable is set: most runs pay nothing for it.
 */
import type {Agent as HttpAgent} from 'node:http'
import type {Agent as HttpsAgent} from 'node:https'

import {usageError} from '../errors.js'

const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'ALL_PROXY', 'all_proxy']

/** The proxy a request goes through, as network errors name it: never its credentials. */
export interface ProxyInUse {
  /** host:port of the proxy. */
  address: string
  /** The variable it was read from: HTTP_PROXY, https_proxy, ALL_PROXY... */
  variable: string
  /** The base URL's host, as NO_PROXY would name it. */
  host: string
}

/**
 * The agent that reaches `baseUrl` through the proxy its environment names (for the base URL's protocol: every
 * request goes there), or undefined for a direct connection.
 */
export async function proxyAgent(
  baseUrl: string,
): Promise<{agent: HttpAgent | HttpsAgent; proxy: ProxyInUse} | undefined> {
  if (!PROXY_VARIABLES.some((name) => process.env[name])) return undefined
  const {getProxyForUrl} = await import('proxy-from-env')
  const proxy = getProxyForUrl(baseUrl)
  if (!proxy) return undefined
  let url: URL | undefined
  try {
    url = new URL(proxy)
  } catch {
    // Not a URL: refused below.
  }
  // The variable's value is not shown: a proxy URL may hold a password.
  if (!url || !/^https?:$/.test(url.protocol))
    throw usageError(
      'the proxy set in HTTPS_PROXY/HTTP_PROXY/ALL_PROXY is not an http:// or https:// URL: fix it, or name the ' +
        'host in NO_PROXY',
    )
  const {HttpProxyAgent, HttpsProxyAgent} = await import('hpagent')
  const base = new URL(baseUrl)
  const inUse = {
    address: `${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`,
    variable: proxyVariable(base.protocol),
    host: base.hostname,
  }
  const options = {proxy: url, keepAlive: true}
  return {
    agent: base.protocol === 'https:' ? new HttpsProxyAgent(options) : new HttpProxyAgent(options),
    proxy: inUse,
  }
}

/** The variable proxy-from-env took the proxy from: the scheme's own (lower case first), then ALL_PROXY. */
function proxyVariable(protocol: string): string {
  const scheme = protocol.replace(':', '')
  const names = [`${scheme}_proxy`, `${scheme.toUpperCase()}_PROXY`, 'all_proxy', 'ALL_PROXY']
  return names.find((name) => process.env[name]) ?? 'ALL_PROXY'
}
