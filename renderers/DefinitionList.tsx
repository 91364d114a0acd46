import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export interface DefinitionRow {
  id: string;
  label: ReactNode;
  value: string;
}

/** Label–value pairs in an outlined panel (who is working, one subject …); each row has test id `<prefix>-<id>`. */
export function DefinitionList({
  rows,
  testIdPrefix,
}: {
  rows: readonly DefinitionRow[];
  testIdPrefix: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 640 }}>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1.5, m: 0 }}
      >
        {rows.map((row) => (
          <Box key={row.id} sx={{ display: 'contents' }} data-testid={`${testIdPrefix}-${row.id}`}>
            <Typography component="dt" color="text.secondary">
              {row.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {row.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
