/** got, loaded on first use only: commands that never reach the network do not pay for loading it. */
export type Got = typeof import('got').default

// The build bundles got into one CommonJS file with its V8 code cache (scripts/bundle.js,
// code-cache.ts); from source (unit tests) the package itself is used.
let gotPromise: Promise<Got> | undefined
export const loadGot = (): Promise<Got> =>
  (gotPromise ??= import('./code-cache.js').then(async ({loadBundle}) => {
    const bundled = loadBundle(new URL('./vendor/got.cjs', import.meta.url)) as {default: Got} | undefined
    return (bundled ?? (await import('got'))).default
  }))
