/**
 * A registry of definitions by id, listed in their declared order (record actions, item adornments). Like
 * engine/registry/namedRegistry.ts, registering an id again replaces the earlier definition, so a screen or a test may
 * override a built-in; nothing that draws them switches on the ids.
 */
export interface Ordered {
  readonly id: string;
  /** Place among the others (ascending; equal orders keep the order of registration). */
  readonly order: number;
}

export interface OrderedRegistry<T extends Ordered> {
  /** Adds a definition; registering an id twice replaces the earlier one. */
  register(def: T): OrderedRegistry<T>;
  get(id: string): T | undefined;
  /** Every definition, in order. The same array until the next registration (callers may memoise on it). */
  list(): readonly T[];
}

export function createOrderedRegistry<T extends Ordered>(defs: readonly T[] = []): OrderedRegistry<T> {
  const byId = new Map<string, T>();
  let sorted: readonly T[] | null = null;
  const registry: OrderedRegistry<T> = {
    register(def) {
      byId.set(def.id, def);
      sorted = null;
      return registry;
    },
    get: (id) => byId.get(id),
    list() {
      sorted ??= [...byId.values()].sort((a, b) => a.order - b.order);
      return sorted;
    },
  };
  for (const def of defs) registry.register(def);
  return registry;
}
