// Lookups in constant tables by keys that come from outside (a task state, a scheme name, a version string). A plain
// `table[key]` finds Object.prototype's members for keys such as `constructor` or `toString`, and a hostile agent
// that names its state "constructor" would get a function where a state belongs.

/** `table[key]` only when the table itself holds that key. */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
