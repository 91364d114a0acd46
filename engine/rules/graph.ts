/**
 * Dependency graphs of rules (node → the nodes it reads): cycle detection and evaluation order. Iterative depth-first
 * search (no recursion limit), deterministic: nodes in the map's order, dependencies in their listed order.
 */
export type DependencyGraph = ReadonlyMap<string, readonly string[]>;

type Mark = 'active' | 'done';

interface Frame {
  node: string;
  next: number;
}

/**
 * Depth-first search over every node of the graph. `onCycle(path)` is called with [a, b, …, a] for a back edge;
 * `onDone(node)` in post-order. Dependencies that are not keys of the graph are leaves (not visited, not reported).
 */
function search(
  graph: DependencyGraph,
  onCycle: (path: string[]) => boolean,
  onDone: (node: string) => void,
): void {
  const marks = new Map<string, Mark>();
  for (const root of graph.keys()) {
    if (marks.has(root)) continue;
    const stack: Frame[] = [{ node: root, next: 0 }];
    marks.set(root, 'active');
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const deps = graph.get(frame.node) ?? [];
      if (frame.next < deps.length) {
        const dep = deps[frame.next++]!;
        if (!graph.has(dep)) continue;
        const mark = marks.get(dep);
        if (mark === 'active') {
          const from = stack.findIndex((f) => f.node === dep);
          if (onCycle([...stack.slice(from).map((f) => f.node), dep])) return;
        } else if (mark === undefined) {
          marks.set(dep, 'active');
          stack.push({ node: dep, next: 0 });
        }
      } else {
        marks.set(frame.node, 'done');
        stack.pop();
        onDone(frame.node);
      }
    }
  }
}

/** A cycle as a path [a, b, …, a] (a reads b, …), or null. A node reading itself: [a, a]. */
export function findCycle(graph: DependencyGraph): string[] | null {
  let cycle: string[] | null = null;
  search(
    graph,
    (path) => {
      cycle = path;
      return true;
    },
    () => {},
  );
  return cycle;
}

/**
 * Every distinct cycle, each once, as paths [a, b, …, a] in search order (the first is findCycle's). One cycle per
 * back edge of a single depth-first search: a node is entered once whatever leads to it, so a cycle is reported once
 * whichever node reads into it, and separate cycles (in separate knots, or sharing nodes but closed by different
 * edges) each get their own path; a dependency listed twice adds nothing. Breaking every reported cycle at its
 * closing edge leaves no cycle at all, and the count stays bounded by the number of edges (no enumeration of every
 * combination of loops in a tangled knot).
 */
export function findCycles(graph: DependencyGraph): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  search(
    graph,
    (path) => {
      // a dependency listed twice closes the same cycle twice
      const key = path.join('\u0000');
      if (!seen.has(key)) {
        seen.add(key);
        cycles.push(path);
      }
      return false;
    },
    () => {},
  );
  return cycles;
}

/**
 * The graph's nodes ordered so that each follows the nodes it reads (dependencies that are not nodes of the graph
 * — plain inputs — are not listed). Nodes on a cycle, and nodes reading them, are left out: check findCycle(s) first.
 */
export function topologicalOrder(graph: DependencyGraph): string[] {
  const tainted = new Set<string>();
  search(
    graph,
    (path) => {
      for (const n of path) tainted.add(n);
      return false;
    },
    () => {},
  );
  const order: string[] = [];
  search(
    graph,
    () => false,
    (node) => {
      const deps = graph.get(node) ?? [];
      if (tainted.has(node) || deps.some((d) => tainted.has(d))) tainted.add(node);
      else order.push(node);
    },
  );
  return order;
}
