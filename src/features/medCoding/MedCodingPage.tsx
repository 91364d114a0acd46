/**
 * `/index/medCoding`: the coder's worklist, served by the generic list route page; a row opens the term's coding
 * (CodingPanel) in a dialog, and a code or recode there reads the list again when the dialog closes.
 */
import { useCallback, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { FormattedMessage } from '../../../renderers/intl';
import type { GridRow } from '../../../engine/grid/types';
import { userTimeZone } from '../../../renderers/userTimeZone';
import { usePlatform } from '../../platform/PlatformContext';
import { PATHS } from '../../routing/paths';
import { ListRoutePage, type ListRouteScreen } from '../lists/ListRoutePage';
import { CodingPanel } from './CodingPanel';
import { codingListScreen } from './codingListScreen';

export function MedCodingPage() {
  const { store } = usePlatform();
  const zone = useMemo(() => userTimeZone(store), [store]);
  const [open, setOpen] = useState<GridRow | null>(null);
  const [changed, setChanged] = useState(false);
  const [listVersion, setListVersion] = useState(0);
  const screen = useCallback<ListRouteScreen>(() => codingListScreen((row) => setOpen(row)), []);
  const close = () => {
    setOpen(null);
    if (changed) setListVersion((v) => v + 1);
    setChanged(false);
  };
  return (
    <>
      <ListRoutePage key={listVersion} screen={screen} base={PATHS.medCoding} />
      {open ? (
        <Dialog open onClose={close} fullWidth maxWidth="md" aria-labelledby="coding-term-title">
          <DialogTitle id="coding-term-title">
            <FormattedMessage
              id="coding.termTitle"
              values={{ subject: String(open.subjid ?? ''), item: String(open.variable ?? '') }}
            />
          </DialogTitle>
          <DialogContent data-testid="coding-term-dialog">
            <CodingPanel
              target={{ termid: String(open.termid) }}
              userTimeZone={zone}
              onCoded={() => setChanged(true)}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close} data-testid="coding-term-close">
              <FormattedMessage id="coding.close" />
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}
