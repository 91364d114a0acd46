import { describe, expect, it } from 'vitest';
import { findCycles } from './importGraph';

const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe('findCycles', () => {
  it('finds none in a tree or a diamond', () => {
    expect(findCycles(graph({ a: ['b', 'c'], b: ['d'], c: ['d'], d: [] }))).toEqual([]);
  });

  it('names a two-module cycle, like contract.ts ↔ formContract.ts', () => {
    expect(
      findCycles(graph({ contract: ['formContract'], formContract: ['contract'], other: ['contract'] })),
    ).toEqual([['contract', 'formContract', 'contract']]);
  });

  it('finds a longer cycle and a self-import, one path per component', () => {
    const found = findCycles(graph({ a: ['b'], b: ['c'], c: ['a', 'd'], d: [], s: ['s'] }));
    expect(found).toEqual([
      ['a', 'b', 'c', 'a'],
      ['s', 's'],
    ]);
  });

  it('ignores edges to modules outside the graph (packages)', () => {
    expect(findCycles(graph({ a: ['react', 'b'], b: [] }))).toEqual([]);
  });
});
