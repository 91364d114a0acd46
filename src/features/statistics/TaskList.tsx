/**
 * My to-dos (spec §1): one tile per kind of work the server counts for the session's role at its chosen site
 * (visit/myTaskInfo.do; the kinds are registered by the workflows on the server), each linking to the page that
 * lists them. A kind this build has no label for shows its id rather than nothing.
 */
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import { RouterLink } from '../../routing/RouterLink';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { myTaskInfo, type TaskRow } from '../../../engine/api/statistics';
import { AsyncView } from '../../../renderers/async/AsyncView';
import { useEndpoint } from '../../../renderers/async/useEndpoint';

function TaskTile({ task }: { task: TaskRow }) {
  const intl = useIntl();
  const labelId = `tasks.${task.id}`;
  const label = labelId in intl.messages ? intl.formatMessage({ id: labelId }) : task.id;
  const content = (
    <CardContent>
      <Typography variant="h4" component="p" data-testid={`task-${task.id}-count`}>
        {intl.formatNumber(task.count)}
      </Typography>
      <Typography color="text.secondary">{label}</Typography>
    </CardContent>
  );
  return (
    <Card variant="outlined" data-testid={`task-${task.id}`} sx={{ minWidth: 180 }}>
      {task.link ? (
        <CardActionArea component={RouterLink} to={task.link} aria-label={`${label}: ${task.count}`}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

export function TaskList() {
  const tasks = useEndpoint(myTaskInfo, {});
  return (
    <Box component="section" aria-labelledby="tasks-title" data-testid="tasks">
      <Typography id="tasks-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        <FormattedMessage id="tasks.title" />
      </Typography>
      <AsyncView state={tasks} data-testid="tasks" empty={<FormattedMessage id="tasks.none" />}>
        {(rows) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            {rows.map((task) => (
              <TaskTile key={task.id} task={task} />
            ))}
          </Box>
        )}
      </AsyncView>
    </Box>
  );
}
