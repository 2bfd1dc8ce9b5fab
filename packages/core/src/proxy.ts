/**
 * Company proxies: HTTPS_PROXY, HTTP_PROXY, ALL_PROXY and NO_PROXY (upper or lower case), read by
 * proxy-from-env; the tunnel is hpagent's (CONNECT to the proxy, then TLS to the server end to end
 * for https, so the proxy never sees the token of an https request). Nothing is loaded unless a
 * proxy variable is set: most runs pay nothing for it.
 */
import type {Agent as HttpAgent} from 'node:http'
import type {Agent as HttpsAgent} from 'node:https'

import {usageError} from './errors.js'

const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'ALL_PROXY', 'all_proxy']

/** The agents that reach `baseUrl` through the proxy its environment names, or undefined for a direct connection. */
export async function proxyAgents(baseUrl: string): Promise<{http: HttpAgent; https: HttpsAgent} | undefined> {
  if (!PROXY_VARIABLES.some((name) => process.env[name])) return undefined
  const {getProxyForUrl} = await import('proxy-from-env')
  const proxy = getProxyForUrl(baseUrl)
  if (!proxy) return undefined
  let url: URL | undefined
  try {
    url = new URL(proxy)
  } catch {}
  // The variable's value is not shown: a proxy URL may hold a password.
  if (!url || !/^https?:$/.test(url.protocol)) throw usageError('the proxy set in HTTPS_PROXY/HTTP_PROXY/ALL_PROXY is not an http:// or https:// URL: fix it, or name the host in NO_PROXY')
  const {HttpProxyAgent, HttpsProxyAgent} = await import('hpagent')
  return {http: new HttpProxyAgent({proxy: url, keepAlive: true}), https: new HttpsProxyAgent({proxy: url, keepAlive: true})}
}
