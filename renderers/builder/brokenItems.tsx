/**
 * Broken items shown in place in the workbench's preview: the partial compile (engine/builder) leaves a placeholder
 * (a `static` item) where an item cannot be compiled; this widget draws the placeholder as the item's problems, and
 * every other static item as usual.
 */
import { createContext, memo, useContext } from 'react';
import Box from '@mui/material/Box';
import type { BrokenItem } from '../../engine/builder';
import { schemaIssueText } from '../ecrf/problemText';
import { formWidgets } from '../ecrf/widgets/registry';
import type { FormWidgetProps, FormWidgetRegistry } from '../ecrf/widgets/types';
import { useIntl } from '../intl';

export const BrokenItemsContext = createContext<ReadonlyMap<string, BrokenItem>>(new Map());

const StaticOrBroken = memo(function StaticOrBroken(props: FormWidgetProps) {
  const intl = useIntl();
  const broken = useContext(BrokenItemsContext).get(props.item.variable);
  const Static = formWidgets.static!;
  if (!broken || broken.path !== props.item.path) return <Static {...props} />;
  return (
    <Box
      id={props.inputId}
      role="alert"
      data-testid={`builder-broken-${broken.path}`}
      sx={{
        color: 'error.main',
        typography: 'body2',
        border: 1,
        borderColor: 'error.light',
        borderRadius: 1,
        px: 1,
        py: 0.5,
      }}
    >
      {broken.issues.map((issue, i) => (
        <div key={i}>
          <code>{issue.path}</code> {schemaIssueText(intl, issue)}
        </div>
      ))}
    </Box>
  );
});

/** The form widgets with broken items drawn in place (stable: one registry). */
export const workbenchWidgets: FormWidgetRegistry = { ...formWidgets, static: StaticOrBroken };
