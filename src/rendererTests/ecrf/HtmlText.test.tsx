/**
 * An HTML label before (or without) its sanitiser: shown as the text a reader sees — tags and script bodies left out,
 * entities decoded — and never as markup.
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HtmlText, htmlLabelPlainText } from '../../../renderers/ecrf/HtmlText';

describe('htmlLabelPlainText', () => {
  it('leaves out tags, script and style bodies, and decodes entities', () => {
    expect(
      htmlLabelPlainText(
        '<b>Systolic</b>&nbsp;&ge; 140 &amp; <i>rising</i><script>alert(1)</script><style>b{}</style>',
      ),
    ).toBe('Systolic\u00a0≥ 140 & rising');
  });

  it('shows an image handler as text, never as an element', () => {
    const { container } = render(<HtmlText html={'<img src=x onerror="alert(1)">Weight'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('Weight');
  });
});
