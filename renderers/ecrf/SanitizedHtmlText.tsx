/** A label written in HTML, shown sanitised (./sanitizeHtml.ts): formatting kept, nothing that runs. */
import { useMemo } from 'react';
import { sanitizeLabelHtml } from './sanitizeHtml';

export function SanitizedHtmlText({ html }: { html: string }) {
  const safe = useMemo(() => sanitizeLabelHtml(html), [html]);
  return <span className="ecrf-html-label" dangerouslySetInnerHTML={{ __html: safe }} />;
}
