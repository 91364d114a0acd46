/** A form schema that cannot be used: every issue with where it is (path, variable or rule) and what is wrong. */
import Box from '@mui/material/Box';
import { InlineMessage } from '../InlineMessage';
import { FormattedMessage, useIntl } from '../intl';
import type { FormSchemaIssue } from '../../engine/form/types';
import { schemaIssueText } from './problemText';

export interface SchemaIssuesPanelProps {
  issues: readonly FormSchemaIssue[];
}

export function SchemaIssuesPanel({ issues }: SchemaIssuesPanelProps) {
  const intl = useIntl();
  return (
    // InlineMessage, not MUI's Alert (its icons and close button are not needed on the form route, stop 28)
    <InlineMessage level="error" data-testid="schema-issues">
      <Box sx={{ fontWeight: 500, mb: 0.5 }}>
        <FormattedMessage id="ecrf.schemaIssues.title" values={{ count: issues.length }} />
      </Box>
      <ul style={{ margin: 0, paddingLeft: 20 }}>
        {issues.map((issue, i) => (
          <li key={i} data-testid="schema-issue">
            <code>{issue.path || '/'}</code>
            {issue.subject ? ` (${issue.subject})` : ''}
            {': '}
            {schemaIssueText(intl, issue)}
          </li>
        ))}
      </ul>
    </InlineMessage>
  );
}
