/** A form schema that cannot be used: every issue with where it is (path, variable or rule) and what is wrong. */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { FormattedMessage, useIntl } from '../intl';
import type { FormSchemaIssue } from '../../engine/form/types';
import { schemaIssueText } from './problemText';

export interface SchemaIssuesPanelProps {
  issues: readonly FormSchemaIssue[];
}

export function SchemaIssuesPanel({ issues }: SchemaIssuesPanelProps) {
  const intl = useIntl();
  return (
    <Alert severity="error" data-testid="schema-issues" role="alert">
      <AlertTitle>
        <FormattedMessage id="ecrf.schemaIssues.title" values={{ count: issues.length }} />
      </AlertTitle>
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
    </Alert>
  );
}
