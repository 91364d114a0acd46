/** The item adornments of today: where the data came from and the item's notes (spec §4 data and note icons). */
import type { ItemAdornment } from './itemAdornments';

/** Data type: entered (0, 2) or imported / derived (−1, −2); nothing for an item without saved state. */
export const dataTypeAdornment: ItemAdornment = {
  id: 'datatype',
  order: 10,
  icons: {
    entered: {
      labelId: 'ecrf.status.entered',
      // pencil
      path: 'M3 17.25V21h3.75L17.81 9.94l-3.75-3.75zM20.71 7.04a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75z',
    },
    derived: {
      labelId: 'ecrf.status.derived',
      // database
      path: 'M12 3C7.58 3 4 4.79 4 7v10c0 2.21 3.59 4 8 4s8-1.79 8-4V7c0-2.21-3.58-4-8-4m0 2c3.87 0 6 1.5 6 2s-2.13 2-6 2-6-1.5-6-2 2.13-2 6-2m6 12c0 .5-2.13 2-6 2s-6-1.5-6-2v-2.23c1.61.78 3.72 1.23 6 1.23s4.39-.45 6-1.23zm0-4.5c0 .5-2.13 2-6 2s-6-1.5-6-2V10.3c1.61.78 3.72 1.2 6 1.2s4.39-.42 6-1.2z',
    },
  },
  icon(state) {
    switch (state?.datatype) {
      case 0:
      case 2:
        return 'entered';
      case -1:
      case -2:
        return 'derived';
      default:
        return null;
    }
  },
};

/** Notes: 1 a list of notes, 2 a note under review, otherwise "add a note". */
export const noteAdornment: ItemAdornment = {
  id: 'note',
  order: 20,
  icons: {
    add: {
      labelId: 'ecrf.status.noteAdd',
      path: 'M14 2H6c-1.1 0-2 .9-2 2v16c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V8zm2 14h-3v3h-2v-3H8v-2h3v-3h2v3h3zM13 9V3.5L18.5 9z',
    },
    list: {
      labelId: 'ecrf.status.noteList',
      path: 'M3 13h2v-2H3zm0 4h2v-2H3zm0-8h2V7H3zm4 4h14v-2H7zm0 4h14v-2H7zM7 7v2h14V7z',
    },
    review: {
      labelId: 'ecrf.status.noteReview',
      path: 'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17a5 5 0 1 1 0-10 5 5 0 0 1 0 10m0-8a3 3 0 1 0 0 6 3 3 0 0 0 0-6',
    },
  },
  icon(state) {
    return state?.note === 1 ? 'list' : state?.note === 2 ? 'review' : 'add';
  },
};

export const builtinAdornments: readonly ItemAdornment[] = [dataTypeAdornment, noteAdornment];
