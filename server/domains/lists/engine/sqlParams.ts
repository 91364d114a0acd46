/** Collects the values of a parameterised statement and hands out their placeholders (`$1`, `$2` …). */
export class SqlParams {
  readonly values: unknown[];

  constructor(initial: readonly unknown[] = []) {
    this.values = [...initial];
  }

  /** Adds a value; its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** A copy to extend (e.g. with paging) while the original stays as it is. */
  clone(): SqlParams {
    return new SqlParams(this.values);
  }
}
