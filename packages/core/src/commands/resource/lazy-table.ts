/**
 * A table of values made on first read: an object whose keys are known at once (Object.keys, `in`,
 * Object.hasOwn see them all) and whose values are built when read, then kept. A Proxy over the makers,
 * because defining ~400 accessor properties took ≈1 ms of every start. Properties set on it (the
 * CLI's own commands, Object.assign) are plain ones.
 */
export function lazyTable<T>(makers: ReadonlyMap<string, () => T>): Record<string, T> {
  const built = new Map<string, T>()
  const value = (key: string): T => {
    if (!built.has(key)) built.set(key, makers.get(key)!())
    return built.get(key)!
  }
  // A key of the makers not (yet) shadowed by a plain property of the same name.
  const lazy = (target: object, key: string | symbol): key is string =>
    typeof key === 'string' && makers.has(key) && !Object.hasOwn(target, key)
  return new Proxy({} as Record<string, T>, {
    get: (target, key, receiver) => (lazy(target, key) ? value(key) : Reflect.get(target, key, receiver)),
    has: (target, key) => lazy(target, key) || Reflect.has(target, key),
    ownKeys: (target) => [...[...makers.keys()].filter((k) => lazy(target, k)), ...Reflect.ownKeys(target)],
    getOwnPropertyDescriptor: (target, key) =>
      lazy(target, key)
        ? {configurable: true, enumerable: true, get: () => value(key)}
        : Reflect.getOwnPropertyDescriptor(target, key),
  })
}
