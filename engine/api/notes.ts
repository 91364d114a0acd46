/**
 * Notes (spec §7 `pinote/…`, §4 note icons, §5 '批注不为空'): a note on an item or on the page of a saved record,
 * written by site staff and reviewed by monitors and data managers (docs/notes-and-sdv.md). Notes are never changed
 * or deleted: a review is a second, append-only row. An item's note state (item status `note`, spec §4) is 2 while
 * one of its notes awaits review, 1 when it has notes and all are reviewed, otherwise 0 ("add a note").
 */
import * as cs from '../schema';
import type { MetaText } from '../metadata/types';
import { endpoint, num, str } from './endpoint';
import { metaTextSchema } from './lists';

/** The `variable` of a note on the whole page rather than one item. */
export const PAGE_NOTE = '@page';

/** Longest note or review comment. */
export const NOTE_TEXT_MAX = 2000;

/** Note state of an item (spec §4 note icons): 0 none (add), 1 notes (list), 2 a note awaiting review. */
export type NoteState = 0 | 1 | 2;

/** Who wrote or reviewed, and when (ISO 8601 UTC). */
const signedBySchema = cs.object({
  username: str().required(),
  realname: str().required(),
  role: metaTextSchema.required(),
  at: str().required(),
});

export const noteReviewSchema = signedBySchema.shape({
  comment: str().nullable().defined(),
});

export const noteRowSchema = signedBySchema.shape({
  noteid: str().required(),
  recordid: str().required(),
  variable: str().required(),
  text: str().required(),
  review: noteReviewSchema.nullable().defined().default(null),
});
export type NoteReview = cs.InferType<typeof noteReviewSchema> & { role: MetaText };
export type NoteRow = Omit<cs.InferType<typeof noteRowSchema>, 'review' | 'role'> & {
  role: MetaText;
  review: NoteReview | null;
};

export const piNoteList = endpoint({
  name: 'piNoteList',
  path: '/edc/pinote/piNoteList.do',
  description:
    'The notes of a saved record, oldest first, each with its review (null while it awaits one); `variable` keeps those of one item (`@page`: the notes on the page). Any role that reads data; the record must be at the chosen site.',
  params: cs.object({
    recordid: str().required().max(100),
    variable: str().max(64).optional(),
  }),
  data: cs.array(noteRowSchema.required()).required() as unknown as cs.Schema<NoteRow[]>,
});

export const savePINote = endpoint({
  name: 'savePINote',
  path: '/edc/pinote/savePINote.do',
  method: 'POST',
  description:
    "`action` add: a note on an item (`variable`) or the page (`@page`) of a saved record; variable and text required ('批注不为空'); permission note.add (site staff). `action` review: the review of a note (`noteid`, optional `text` as its comment); permission note.review (monitors, data managers); a note is reviewed once. Answers the note and the item's note state; the note (or review) row is written in the same transaction and never changed.",
  params: cs.object({
    recordid: str().required().max(100),
    action: str().oneOf(['add', 'review']).default('add'),
    variable: str().max(64).optional(),
    text: str().max(NOTE_TEXT_MAX).optional(),
    noteid: str().max(32).optional(),
  }),
  data: cs.object({
    note: noteRowSchema.required(),
    /** The note state of the note's item (spec §4), for its icon. */
    notestate: num().integer().oneOf([0, 1, 2]).required(),
  }) as unknown as cs.Schema<{ note: NoteRow; notestate: NoteState }>,
});

/** The note endpoints, by name. */
export const noteEndpoints = { piNoteList, savePINote } as const;
