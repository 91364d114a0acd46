/**
 * A label written in HTML (`labelFormat: 'html'`, e.g. imported REDCap labels). The sanitiser (DOMPurify, ≈ 9 KB gzip)
 * is its own chunk, loaded by the first form that has such a label (issue 11: most forms have none, and the form route
 * loads only what shows the form); until it arrives the label shows its text without the tags, as text (never as
 * markup). When the chunk cannot be loaded (a dropped connection, a new deployment) the label stays that text — the
 * form and what the user typed are never lost for it — and the next label to show tries the chunk again.
 */
import { Component, lazy, Suspense, type LazyExoticComponent, type ReactNode } from 'react';
import type { SanitizedHtmlText as SanitizedHtmlTextComponent } from './SanitizedHtmlText';

const loadSanitized = (): LazyExoticComponent<typeof SanitizedHtmlTextComponent> =>
  lazy(() =>
    import('./SanitizedHtmlText').then(
      (m) => ({ default: m.SanitizedHtmlText }),
      (error: unknown) => {
        SanitizedHtmlText = loadSanitized(); // a label shown later tries again
        throw error;
      },
    ),
  );
let SanitizedHtmlText = loadSanitized();

/** Elements whose content is not text a reader sees. */
const NOT_TEXT = /<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

/** The label's text as a reader sees it: tags left out, entities decoded (shown as text, so nothing in it is markup). */
export function htmlLabelPlainText(html: string): string {
  const withoutTags = html.replace(NOT_TEXT, '');
  if (typeof DOMParser === 'undefined') return withoutTags.replace(/<[^>]*>/g, '');
  // a parsed, inert document (no script runs, nothing is fetched): only its text is read
  return new DOMParser().parseFromString(withoutTags, 'text/html').body.textContent ?? '';
}

function PlainLabel({ html }: { html: string }) {
  return <span className="ecrf-html-label">{htmlLabelPlainText(html)}</span>;
}

/** The sanitiser's chunk did not load: the label as text. */
class PlainOnFailure extends Component<{ html: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <PlainLabel html={this.props.html} /> : this.props.children;
  }
}

export function HtmlText({ html }: { html: string }) {
  return (
    <PlainOnFailure html={html}>
      <Suspense fallback={<PlainLabel html={html} />}>
        <SanitizedHtmlText html={html} />
      </Suspense>
    </PlainOnFailure>
  );
}
