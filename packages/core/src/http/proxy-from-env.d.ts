// proxy-from-env ships no types: the one function used.
declare module 'proxy-from-env' {
  /** The proxy URL for `url` by HTTPS_PROXY/HTTP_PROXY/ALL_PROXY/NO_PROXY (either case), or '' for none. */
  export function getProxyForUrl(url: string | URL): string
}
