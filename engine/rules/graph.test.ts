import { describe, expect, it } from 'vitest';
import { findCycle, findCycles, topologicalOrder } from './graph';

const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

/** Each node comes after every dependency that is also a node. */
function respectsDependencies(order: string[], g: Map<string, string[]>): boolean {
  const at = new Map(order.map((n, i) => [n, i]));
  return order.every((n) => (g.get(n) ?? []).every((d) => !g.has(d) || at.get(d)! < at.get(n)!));
}

describe('findCycle', () => {
  it('null for an acyclic graph (inputs that are not nodes are leaves)', () => {
    expect(findCycle(graph({}))).toBe(null);
    expect(findCycle(graph({ BMI: ['WEIGHT', 'HEIGHT'], BMICAT: ['BMI'] }))).toBe(null);
    expect(findCycle(graph({ A: ['B', 'C'], B: ['C'], C: [] }))).toBe(null); // diamond
  });

  it('returns the cycle as a path a → … → a', () => {
    expect(findCycle(graph({ A: ['B'], B: ['A'] }))).toEqual(['A', 'B', 'A']);
    expect(findCycle(graph({ X: ['A'], A: ['B'], B: ['C'], C: ['A'] }))).toEqual(['A', 'B', 'C', 'A']);
    expect(findCycle(graph({ A: ['A'] }))).toEqual(['A', 'A']);
    expect(findCycle(graph({ OK: ['IN'], P: ['Q', 'R'], Q: [], R: ['P'] }))).toEqual(['P', 'R', 'P']);
  });

  it('the path follows real edges', () => {
    const g = graph({ A: ['B', 'C'], B: ['D'], C: ['D'], D: ['E'], E: ['C'] });
    const cycle = findCycle(g)!;
    expect(cycle[0]).toBe(cycle[cycle.length - 1]);
    for (let i = 0; i + 1 < cycle.length; i++) expect(g.get(cycle[i]!)).toContain(cycle[i + 1]);
  });

  it('handles long chains without recursion limits', () => {
    const edges: Record<string, string[]> = {};
    for (let i = 0; i < 20_000; i++) edges[`N${i}`] = [`N${i + 1}`];
    expect(findCycle(graph(edges))).toBe(null);
    edges.N20000 = ['N0'];
    expect(findCycle(graph(edges))).toHaveLength(20_002);
  });
});

/** The cycle's nodes rotated to start at the smallest: the same cycle found from any node gives the same key. */
function rotationKey(cycle: string[]): string {
  const nodes = cycle.slice(0, -1);
  const min = nodes.indexOf([...nodes].sort()[0]!);
  return [...nodes.slice(min), ...nodes.slice(0, min)].join(' ');
}

describe('findCycles', () => {
  it('empty for an acyclic graph', () => {
    expect(findCycles(graph({}))).toEqual([]);
    expect(findCycles(graph({ A: ['B', 'C'], B: ['C'], C: ['IN'] }))).toEqual([]);
  });

  it('reports separate cycles each, in search order, the first being findCycle’s', () => {
    const g = graph({ A: ['B'], B: ['A'], C: ['D'], D: ['E'], E: ['C'], S: ['S'] });
    expect(findCycles(g)).toEqual([
      ['A', 'B', 'A'],
      ['C', 'D', 'E', 'C'],
      ['S', 'S'],
    ]);
    expect(findCycles(g)[0]).toEqual(findCycle(g));
  });

  it('reports a cycle once whatever node reads into it, and whatever node comes first', () => {
    const g = graph({ X: ['B'], A: ['B'], B: ['C'], C: ['A'], Y: ['C', 'A'], Z: ['Y', 'X'] });
    expect(findCycles(g)).toEqual([['B', 'C', 'A', 'B']]);
    expect(findCycles(graph({ B: ['A', 'A'], A: ['B', 'B'] }))).toEqual([['B', 'A', 'B']]);
    expect(findCycles(graph({ S: ['S', 'S'] }))).toEqual([['S', 'S']]);
  });

  it('reports cycles sharing a node but closed by different edges separately', () => {
    expect(findCycles(graph({ A: ['B', 'C'], B: ['A'], C: ['A'] }))).toEqual([
      ['A', 'B', 'A'],
      ['A', 'C', 'A'],
    ]);
  });

  it('on random graphs: real paths, no cycle twice, and breaking each at its closing edge leaves none', () => {
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 200; round++) {
      const n = 2 + Math.floor(random() * 8);
      const edges: Record<string, string[]> = {};
      for (let i = 0; i < n; i++) {
        edges[`V${i}`] = Array.from({ length: n }, (_, j) => `V${j}`).filter(() => random() < 0.25);
      }
      const g = graph(edges);
      const cycles = findCycles(g);
      expect(cycles.length === 0).toBe(findCycle(g) === null);
      for (const c of cycles) {
        expect(c[0]).toBe(c[c.length - 1]);
        expect(new Set(c.slice(0, -1)).size).toBe(c.length - 1);
        for (let i = 0; i + 1 < c.length; i++) expect(g.get(c[i]!)).toContain(c[i + 1]);
      }
      expect(new Set(cycles.map(rotationKey)).size).toBe(cycles.length);
      const broken = new Map([...g].map(([k, deps]) => [k, [...deps]]));
      for (const c of cycles) {
        const from = c[c.length - 2]!;
        broken.set(
          from,
          broken.get(from)!.filter((d) => d !== c[c.length - 1]),
        );
      }
      expect(findCycle(broken)).toBe(null);
    }
  });
});

describe('topologicalOrder', () => {
  it('orders each node after the nodes it reads, keeping the given order where free', () => {
    const g = graph({ BMICAT: ['BMI'], AGE: ['BRTHDAT', 'DMDAT'], BMI: ['WEIGHT', 'HEIGHT'] });
    expect(topologicalOrder(g)).toEqual(['BMI', 'BMICAT', 'AGE']);
  });

  it('lists only the graph nodes, each once', () => {
    const g = graph({ D: ['B', 'C'], B: ['A'], C: ['A'], A: ['INPUT'] });
    const order = topologicalOrder(g);
    expect([...order].sort()).toEqual(['A', 'B', 'C', 'D']);
    expect(respectsDependencies(order, g)).toBe(true);
  });

  it('leaves out nodes on a cycle and nodes that read them', () => {
    const g = graph({ OK: ['IN'], A: ['B'], B: ['A'], C: ['B'], D: ['OK'], E: ['C', 'OK'] });
    expect(topologicalOrder(g)).toEqual(['OK', 'D']);
    expect(topologicalOrder(graph({ S: ['S'], T: [] }))).toEqual(['T']);
  });

  it('agrees with findCycle on random graphs', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 200; round++) {
      const n = 2 + Math.floor(random() * 8);
      const edges: Record<string, string[]> = {};
      for (let i = 0; i < n; i++) {
        edges[`V${i}`] = Array.from({ length: n }, (_, j) => `V${j}`).filter(() => random() < 0.2);
      }
      const g = graph(edges);
      const order = topologicalOrder(g);
      expect(respectsDependencies(order, g)).toBe(true);
      expect(findCycle(g) === null).toBe(order.length === n);
    }
  });
});
