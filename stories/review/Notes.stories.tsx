/**
 * The note thread of an item (issue 14), fed by the server's fixtures (fixtures/notes): crc.li's note on SYSBP as a
 * monitor sees it (awaiting review, with Review), as site staff see it (the form to add one; an empty note refused in
 * place), and reviewed.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { reviewFixtures } from '../../fixtures';
import { NoteThread } from '../../src/features/notes/NoteThread';
import { msg } from '../support/storyText';

const notes = reviewFixtures.piNoteList.data!;
const reviewed = reviewFixtures.savePINoteReview.data!.note;

const meta = {
  title: 'Review/Notes',
  component: NoteThread,
  args: {
    notes,
    userTimeZone: 'Asia/Shanghai',
    canAdd: false,
    canReview: true,
    onAdd: fn(async () => true),
    onReview: fn(async () => true),
  },
} satisfies Meta<typeof NoteThread>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A monitor: the note awaits review; Review sends it with the comment. */
export const AwaitingReview: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('note-text')).toHaveTextContent(notes[0]!.text);
    await expect(canvas.getByText(msg('notes.awaitingReview'))).toBeInTheDocument();
    await userEvent.type(canvas.getByTestId('note-review-comment'), 'ok');
    await userEvent.click(canvas.getByTestId('note-review-button'));
    await expect(args.onReview).toHaveBeenCalledWith(notes[0]!.noteid, 'ok');
  },
};

/** Site staff: no Review; an empty note is refused in place ('批注不为空') and nothing is sent. */
export const AddNote: Story = {
  args: { canAdd: true, canReview: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByTestId('note-review-button')).toBeNull();
    await userEvent.click(canvas.getByTestId('note-add'));
    await expect(canvas.getByText(msg('notes.empty'))).toBeInTheDocument();
    await expect(args.onAdd).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByTestId('note-text-input'), 'Checked');
    await userEvent.click(canvas.getByTestId('note-add'));
    await expect(args.onAdd).toHaveBeenCalledWith('Checked');
  },
};

/** Reviewed: who reviewed, when, and the comment. */
export const Reviewed: Story = {
  args: { notes: [reviewed] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('note-review')).toHaveTextContent(
      reviewed.review!.comment!,
    );
  },
};

/** No notes yet. */
export const Empty: Story = {
  args: { notes: [], canAdd: true, canReview: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('notes-empty')).toHaveTextContent(msg('notes.none'));
  },
};
