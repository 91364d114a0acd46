import { describe, expect, it } from 'vitest';
import { FORM_ROUTE_IMPORTERS, chunksCrossing } from './chunkBoundariesPlugin';

const chunk = (name: string, imports: string[] = [], dynamicImports: string[] = []) => ({
  type: 'chunk' as const,
  name,
  fileName: `assets/${name}-x.js`,
  imports,
  dynamicImports,
});
const bundleOf = (...chunks: ReturnType<typeof chunk>[]) =>
  Object.fromEntries(chunks.map((c) => [c.fileName, c]));
const FORM = 'assets/formRoute-x.js';

describe("the form route's chunk boundary (build)", () => {
  it('names a page outside the form route that imports the form route chunk, statically or lazily', () => {
    const bundle = bundleOf(
      chunk('formRoute'),
      chunk('FormPage', [FORM]),
      chunk('ConfirmWarningsDialog', [FORM]),
      chunk('SubjectPage', [FORM]),
      chunk('shell', [], [FORM]),
      chunk('index', [], [FORM]),
      chunk('SubjectListPage', ['assets/boot-x.js']),
    );
    expect(chunksCrossing(bundle, 'formRoute', FORM_ROUTE_IMPORTERS, /^index$/)).toEqual([
      'SubjectPage',
      'shell',
    ]);
  });

  it("lets the router load the route lazily, never statically (that would put the form in every page's first load)", () => {
    expect(
      chunksCrossing(
        bundleOf(chunk('formRoute'), chunk('index', [FORM])),
        'formRoute',
        FORM_ROUTE_IMPORTERS,
        /^index$/,
      ),
    ).toEqual(['index']);
  });
});
