// Lint: eslint's and typescript-eslint's recommended rules (the set that needs no type
// information, so the whole tree lints in seconds) and a line length. Formatting is prettier's
// (.prettierrc.json): eslint-config-prettier turns off the rules that would fight it. Import
// cycles are scripts/check-cycles.js's (type-only imports included).
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import {defineConfig, globalIgnores} from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// The line that opens a test, `it('title', async () => {`: prettier keeps it whole by design (a
// title broken in two would re-indent the whole test under a broken call), so its length is the
// title's.
const TEST_OPENING = String.raw`^\s*(?:it|describe)\((['"\x60]).*\1, (?:async )?(?:\(\) =>|function \(\)) \{$`

export default defineConfig([
  globalIgnores(['**/dist/', '**/node_modules/', '.tmp/', 'site/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  prettier,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: globals.nodeBuiltin,
    },
    linterOptions: {reportUnusedDisableDirectives: 'error'},
    rules: {
      // Prettier wraps code at 120 columns; this catches what it cannot wrap, comments and long
      // string literals, so that no line is wider than a screen. One exception: TEST_OPENING.
      'max-len': ['error', {code: 120, tabWidth: 2, ignorePattern: TEST_OPENING}],
      // `_name` marks a parameter kept for its position; `{drop, ...rest}` leaves keys out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', ignoreRestSiblings: true}],
    },
  },
  {
    // bin/ is CommonJS (bin/package.json): Node starts it sooner than an ES module, and it loads with require().
    // So are .cjs files (a test's probe preloaded with --require).
    files: ['bin/**/*.js', '**/*.cjs'],
    languageOptions: {sourceType: 'commonjs', globals: globals.node},
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
])
