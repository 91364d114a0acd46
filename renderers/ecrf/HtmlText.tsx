/**
 * A label written in HTML (`labelFormat: 'html'`, e.g. imported REDCap labels). The sanitiser (DOMPurify, ≈ 9 KB gzip)
 * is its own chunk, loaded by the first form that has such a label (issue 11: most forms have none, and the form route
 * loads only what shows the form); until it arrives the label shows its text without the tags, as text (never as
 * markup).
 */
import { lazy, Suspense } from 'react';

const SanitizedHtmlText = lazy(() =>
  import('./SanitizedHtmlText').then((m) => ({ default: m.SanitizedHtmlText })),
);

/** The label's text with the tags left out (shown as text, so nothing in it is markup). */
export function htmlLabelPlainText(html: string): string {
  return html.replace(/<[^>]*>/g, '');
}

export function HtmlText({ html }: { html: string }) {
  return (
    <Suspense fallback={<span className="ecrf-html-label">{htmlLabelPlainText(html)}</span>}>
      <SanitizedHtmlText html={html} />
    </Suspense>
  );
}
