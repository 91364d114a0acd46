import { memo } from 'react';
import TablePagination from '@mui/material/TablePagination';
import { useIntl } from '../intl';
import { PAGE_SIZES, type PageSize } from '../../engine/list/types';

export interface GridPagerProps {
  /** 1-based. */
  page: number;
  size: PageSize;
  total: number;
  onPageChange(page: number): void;
  onSizeChange(size: PageSize): void;
  disabled?: boolean;
}

/**
 * The grid's pager (server-side pages): page sizes 20/50/100, the total, first/previous/next/last. Memoised: the
 * answer to a page change (same page, size and total as the click drew) does not draw it again.
 */
export const GridPager = memo(function GridPager({
  page,
  size,
  total,
  onPageChange,
  onSizeChange,
  disabled,
}: GridPagerProps) {
  const intl = useIntl();
  const lastPage = Math.max(1, Math.ceil(total / size));
  const pageLabels = {
    first: () => intl.formatMessage({ id: 'grid.page.first' }),
    previous: () => intl.formatMessage({ id: 'grid.page.previous' }),
    next: () => intl.formatMessage({ id: 'grid.page.next' }),
    last: () => intl.formatMessage({ id: 'grid.page.last' }),
  };
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(Math.max(page, 1), lastPage) - 1}
      rowsPerPage={size}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onPageChange={(_event, next) => onPageChange(next + 1)}
      onRowsPerPageChange={(event) => {
        const next = Number(event.target.value);
        const chosen = PAGE_SIZES.find((s) => s === next);
        if (chosen) onSizeChange(chosen);
      }}
      showFirstButton
      showLastButton
      disabled={disabled}
      labelRowsPerPage={intl.formatMessage({ id: 'grid.rowsPerPage' })}
      labelDisplayedRows={({ from, to, count }) =>
        intl.formatMessage({ id: 'grid.displayedRows' }, { from, to, count })
      }
      getItemAriaLabel={(type) => pageLabels[type]()}
    />
  );
});
