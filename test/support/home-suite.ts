/** Mocha hooks giving each test of a suite a throwaway home folder (config, plugins, cache beneath it). */
import {makeHome} from './cli.js'

export function useHome(): {readonly home: string; readonly configDir: string} {
  let current: ReturnType<typeof makeHome> | undefined
  beforeEach(() => {
    current = makeHome()
  })
  afterEach(() => current?.cleanup())
  return {
    get home() {
      return current!.home
    },
    get configDir() {
      return current!.configDir
    },
  }
}
