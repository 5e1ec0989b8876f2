// Strings kept by number, for records stored by column (shared/timeline/entryTable.ts): a column holds each
// string's number, and the table the string once. Numbers are never reused, so a number stays valid as long as the
// table does. Equal strings get one number while the lookup remembers them; past `maxLookup` distinct strings it
// starts over (a string seen again then takes a new number), so strings that never repeat cannot make it grow
// without end beyond what the records themselves hold.

/** The number that stands for "no string" (an optional field left out). */
export const NO_STRING = 0;

export class StringTable {
  private readonly values: string[] = [''];
  private lookup = new Map<string, number>();

  constructor(private readonly maxLookup = 50_000) {}

  /** The number of `value`; NO_STRING for undefined. */
  numberOf(value: string | undefined): number {
    if (value === undefined) return NO_STRING;
    const known = this.lookup.get(value);
    if (known !== undefined) return known;
    if (this.lookup.size >= this.maxLookup) this.lookup = new Map();
    const number = this.values.push(value) - 1;
    this.lookup.set(value, number);
    return number;
  }

  /** The string a number stands for; undefined for NO_STRING or a number never given out. */
  stringAt(number: number): string | undefined {
    return number === NO_STRING ? undefined : this.values[number];
  }
}
