/**
 * The problems of one editor, in text order, each with its line, column and path; choosing one puts the editor's
 * cursor at its place (and scrolls there).
 */
import { memo } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from '../intl';
import type { EditorProblem } from './problemRanges';

export interface ProblemListProps {
  /** `data-testid` is `builder-problems-<id>`. */
  id: string;
  problems: readonly EditorProblem[];
  onSelect(problem: EditorProblem): void;
  /** Shown while a check is due (the text changed since the problems were found). */
  checking?: boolean;
}

export const ProblemList = memo(function ProblemList({
  id,
  problems,
  onSelect,
  checking = false,
}: ProblemListProps) {
  if (problems.length === 0)
    return (
      <Typography
        variant="body2"
        color={checking ? 'text.secondary' : 'success.main'}
        data-testid={`builder-problems-${id}`}
      >
        <FormattedMessage id={checking ? 'builder.checking' : 'builder.noIssues'} />
      </Typography>
    );
  return (
    <Box data-testid={`builder-problems-${id}`} role="region" aria-live="polite">
      <Typography variant="subtitle2" color="error.main" component="h3">
        <FormattedMessage id="builder.problemCount" values={{ count: problems.length }} />
      </Typography>
      <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', maxHeight: 240, overflowY: 'auto' }}>
        {problems.map((p, i) => (
          <li key={i}>
            <ButtonBase
              data-testid="builder-problem"
              onClick={() => onSelect(p)}
              sx={{
                display: 'block',
                width: '100%',
                textAlign: 'left',
                px: 1,
                py: 0.5,
                borderRadius: 1,
                typography: 'body2',
                color: p.severity === 'error' ? 'error.main' : 'warning.dark',
                '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
              }}
            >
              <Box component="span" sx={{ fontFamily: 'monospace', color: 'text.secondary', mr: 1 }}>
                <FormattedMessage id="builder.at" values={{ line: p.line, column: p.column }} />
              </Box>
              {p.path && (
                <Box component="code" sx={{ mr: 1 }}>
                  {p.path}
                </Box>
              )}
              {p.message}
            </ButtonBase>
          </li>
        ))}
      </Box>
    </Box>
  );
});
