// The renderer is written against React's API and types, and runs on Preact through preact/compat: the same hooks,
// Suspense and lazy, at a fraction of the code React DOM is. A cold start spent most of its script time compiling and
// first running React DOM (207 kB of a 627 kB first screen) for a first screen of about 120 elements; on Preact the
// first screen's packages went from 348 to 152 kB (bench:start in BENCHMARKS.md). The renderer's build and its unit
// tests both resolve React through this one list, so the tests run the runtime the app ships.

/** @type {Array<{ find: RegExp, replacement: string }>} */
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
