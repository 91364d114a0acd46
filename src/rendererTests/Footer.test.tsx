// Tests of renderers/ components live under src/ because they need the app's catalogues (renderers/ imports only engine/).
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from '../../renderers/Footer';
import { TestProviders, text } from '../testing/renderApp';

describe('Footer', () => {
  it('shows release V4.1.0 when the login info has none', async () => {
    render(
      <TestProviders>
        <Footer year={2025} />
      </TestProviders>,
    );
    expect(await screen.findByTestId('footer-release')).toHaveTextContent('V4.1.0');
    expect(screen.getByTestId('footer-product')).toHaveTextContent(text('app.productName'));
    expect(screen.getByTestId('footer-copyright')).toHaveTextContent('© 2025');
  });

  it('shows the productRelease it is given', async () => {
    render(
      <TestProviders>
        <Footer release="V4.2.7" />
      </TestProviders>,
    );
    expect(await screen.findByTestId('footer-release')).toHaveTextContent('V4.2.7');
    expect(screen.getByTestId('footer-copyright')).toHaveTextContent(String(new Date().getFullYear()));
  });
});
