/**
 * A page's signature history (its signature audit, oldest first): each signing with its manifestation — printed
 * name, date and time, meaning, what was selected — and each break by a change of the data (who, when, which items).
 */
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import { pickLocalized } from '../../../engine/api/localized';
import type { SignatureEvent } from '../../../engine/api/signatures';
import { formatDateInZone } from '../../../engine/fieldTypes/dates';
import { useEngineLocale } from '../../../renderers/search/metadataText';

export function SignatureHistory({
  events,
  userTimeZone,
}: {
  events: readonly SignatureEvent[];
  userTimeZone: string;
}) {
  const intl = useIntl();
  const locale = useEngineLocale();
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="signature-history-title" data-testid="signature-history">
      <Typography id="signature-history-title" variant="subtitle2">
        <FormattedMessage id="signature.history" />
      </Typography>
      <List dense disablePadding>
        {events.map((e, i) => (
          <ListItem key={i} disableGutters data-testid="signature-event" data-action={e.action}>
            <ListItemText
              primary={
                e.action === 'sign'
                  ? intl.formatMessage(
                      { id: 'signature.event.sign' },
                      {
                        by: e.by,
                        at: formatDateInZone(e.at, userTimeZone, true),
                        scope: intl.formatMessage({ id: `signature.event.scope.${e.scope ?? 'page'}` }),
                      },
                    )
                  : intl.formatMessage(
                      { id: 'signature.event.break' },
                      {
                        by: e.by,
                        at: formatDateInZone(e.at, userTimeZone, true),
                        items: (e.items ?? []).join(', '),
                      },
                    )
              }
              secondary={e.action === 'sign' && e.meaning ? pickLocalized(e.meaning, locale) : null}
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
