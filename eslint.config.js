// Lint: eslint's and typescript-eslint's recommended rules (the set that needs no type
// information, so the whole tree lints in seconds) and a line length. Formatting is prettier's
// (.prettierrc.json): eslint-config-prettier turns off the rules that would fight it. Import
// cycles are scripts/check-cycles.js's (type-only imports included).
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import {defineConfig, globalIgnores} from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default defineConfig([
  globalIgnores(['**/dist/', '**/node_modules/', '.tmp/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  prettier,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: {...globals.node},
    },
    linterOptions: {reportUnusedDisableDirectives: 'error'},
    rules: {
      // Prettier wraps code at 120 columns; this catches what it cannot wrap, comments and long
      // string literals, so that no line is wider than a screen.
      'max-len': ['error', {code: 120, tabWidth: 2, ignoreUrls: true}],
    },
  },
])
