/**
 * A table of values made on first read: an object whose keys are all there for Object.keys, `in` and
 * Object.hasOwn, and whose values are built when read, then kept. A Proxy over a source that answers those
 * questions without listing or making anything: defining ~300 accessor properties took ≈1 ms of every start,
 * and listing the keys, or a maker for each, left garbage enough for a collection. Properties set on it (the
 * CLI's own commands, Object.assign) are plain ones.
 */

/** What a lazy table is made from. */
export interface LazySource<T> {
  /** Whether the key is one of the table's. */
  has(key: string): boolean
  /** Whether some key starts with `prefix:` (with command ids: whether the prefix is a topic). */
  hasTopic(prefix: string): boolean
  /** Every key, in order: asked only where all of them are wanted (oclif, help, the manifest). */
  keys(): string[]
  make(key: string): T
}

// Each lazy table's source and the object behind it, for hasTopic().
const tables = new WeakMap<object, {source: LazySource<unknown>; target: object}>()

export function lazyTable<T>(source: LazySource<T>): Record<string, T> {
  const built = new Map<string, T>()
  const value = (key: string): T => {
    if (!built.has(key)) built.set(key, source.make(key))
    return built.get(key)!
  }
  // A key of the source not shadowed by a plain property of the same name.
  const lazy = (target: object, key: string | symbol): key is string =>
    typeof key === 'string' && !Object.hasOwn(target, key) && source.has(key)
  const target = {} as Record<string, T>
  const table = new Proxy(target, {
    get: (t, key, receiver) => (lazy(t, key) ? value(key) : Reflect.get(t, key, receiver)),
    has: (t, key) => lazy(t, key) || Reflect.has(t, key),
    ownKeys: (t) => [...source.keys().filter((k) => !Object.hasOwn(t, k)), ...Reflect.ownKeys(t)],
    getOwnPropertyDescriptor: (t, key) =>
      lazy(t, key)
        ? {configurable: true, enumerable: true, get: () => value(key)}
        : Reflect.getOwnPropertyDescriptor(t, key),
  })
  tables.set(table, {source, target})
  return table
}

/** Whether some key of `table` starts with `prefix:`; a lazy table's source is asked, its keys are not listed. */
export function hasTopic(table: object, prefix: string): boolean {
  const lazy = tables.get(table)
  if (lazy?.source.hasTopic(prefix)) return true
  return Object.keys(lazy?.target ?? table).some((key) => key.startsWith(`${prefix}:`))
}
