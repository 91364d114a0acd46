/**
 * A registry of definitions by name (field types of search bars, grids and forms): registering a name again replaces
 * the earlier definition, so a screen may override a built-in; nothing in the engine switches on the names.
 */
export interface NamedRegistry<T extends { readonly name: string }> {
  /** Adds a definition; registering a name twice replaces the earlier one. */
  register(def: T): NamedRegistry<T>;
  get(name: string): T | undefined;
  names(): readonly string[];
}

export function createNamedRegistry<T extends { readonly name: string }>(
  defs: readonly T[] = [],
): NamedRegistry<T> {
  const byName = new Map<string, T>();
  const registry: NamedRegistry<T> = {
    register(def) {
      byName.set(def.name, def);
      return registry;
    },
    get: (name) => byName.get(name),
    names: () => [...byName.keys()],
  };
  for (const def of defs) registry.register(def);
  return registry;
}
