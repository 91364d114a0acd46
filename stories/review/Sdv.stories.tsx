/**
 * Source data verification (issue 14), fed by the server's fixtures (fixtures/sdv): an item's SDV state in words —
 * verified, reset by a change (from → to, by whom, when) — and the page's items to select for verification, the
 * reset one preselected.
 */
import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import Box from '@mui/material/Box';
import type { SdvResetInfo, SdvState } from '../../engine/api/sdv';
import { reviewFixtures } from '../../fixtures';
import { SdvItemDetails } from '../../src/features/sdv/SdvItemDetails';
import { initiallySelected, SdvPageTable, type SdvPageItem } from '../../src/features/sdv/SdvPageTable';
import { SdvProgressBar, SdvWorklistTable } from '../../src/features/sdv/SdvWorklistPage';
import { msg } from '../support/storyText';

type ItemFields = { sdv: SdvState; sdvBy?: string; sdvAt?: string; sdvReset?: SdvResetInfo };
const resetItems = reviewFixtures.dataInfoReset.data!.items as unknown as Record<string, ItemFields>;
const verifiedItems = reviewFixtures.dataInfoVerified.data!.items as unknown as Record<string, ItemFields>;

function Details({ item }: { item: ItemFields }) {
  return (
    <SdvItemDetails
      sdv={item.sdv}
      by={item.sdvBy}
      at={item.sdvAt}
      reset={item.sdvReset}
      userTimeZone="Asia/Shanghai"
    />
  );
}

function PageTable({ items }: { items: Record<string, ItemFields> }) {
  const rows: SdvPageItem[] = Object.entries(items)
    .filter(([variable, s]) => !variable.startsWith('@') && s.sdv !== undefined)
    .map(([variable, s]) => ({ variable, label: variable, sdv: s.sdv }));
  const [selected, setSelected] = useState(() => initiallySelected(rows));
  return (
    <Box sx={{ maxWidth: 520 }}>
      <SdvPageTable
        items={rows}
        selected={selected}
        onToggle={(v) =>
          setSelected((s) => {
            const next = new Set(s);
            if (next.has(v)) next.delete(v);
            else next.add(v);
            return next;
          })
        }
      />
    </Box>
  );
}

const meta = {
  title: 'Review/SDV',
  component: Details,
  args: { item: resetItems.SYSBP! },
} satisfies Meta<typeof Details>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SYSBP after crc.li changed it 118 → 121: reset, with why. */
export const ResetByChange: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('sdv-state')).toHaveTextContent(msg('sdv.state.reset'));
    const why = canvas.getByTestId('sdv-reset-why');
    await expect(why).toHaveTextContent('118');
    await expect(why).toHaveTextContent('121');
    await expect(why).toHaveTextContent('crc.li');
  },
};

/** DIABP: verified by cra.zhao. */
export const Verified: Story = {
  args: { item: verifiedItems.DIABP! },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('sdv-verified-by')).toHaveTextContent('cra.zhao');
  },
};

/** Required by the plan, not verified yet. */
export const Required: Story = {
  args: { item: { sdv: 'required' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(msg('sdv.planRequired'))).toBeInTheDocument();
  },
};

/** The page's items: only the reset SYSBP starts selected; verified ones cannot be selected. */
export const PageSelection: Story = {
  render: () => <PageTable items={resetItems} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const boxes = canvas.getAllByRole('checkbox') as HTMLInputElement[];
    await expect(boxes.filter((b) => b.checked)).toHaveLength(1);
    await expect(boxes.filter((b) => b.disabled).length).toBe(boxes.length - 1);
    await userEvent.click(boxes.find((b) => b.checked)!);
    await expect(boxes.filter((b) => b.checked)).toHaveLength(0);
  },
};

/** The monitor's worklist after the reset: progress against the plan and the pages left to verify. */
export const Worklist: Story = {
  render: () => (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <SdvProgressBar progress={reviewFixtures.sdvWorklist.data!.progress} />
      <SdvWorklistTable rows={reviewFixtures.sdvWorklist.data!.list} />
    </Box>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByTestId('sdv-worklist-row')).toHaveLength(
      reviewFixtures.sdvWorklist.data!.list.length,
    );
    await expect(canvas.getByTestId('sdv-progress')).toBeInTheDocument();
  },
};
