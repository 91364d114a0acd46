import Box from '@mui/material/Box';
import type { MetadataIssue } from '../../engine/metadata/types';
import { useIssueText } from './metadataText';

/** A definition that could not be parsed, in place of its item: what is wrong and where (path, prop). */
export function InvalidSearchItem({ issue }: { issue: MetadataIssue }) {
  const text = useIssueText();
  return (
    <Box
      role="alert"
      data-testid={`search-invalid-${issue.path}`}
      sx={{
        width: 220,
        maxWidth: '100%',
        px: 1,
        py: 0.5,
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'error.main',
        borderRadius: 1,
        color: 'error.main',
        typography: 'caption',
        overflowWrap: 'anywhere',
      }}
    >
      {text(issue)}
    </Box>
  );
}
