/**
 * Edit checks on the server (spec §7 `editcheck/…`): the form's validation and logic checks run on values not saved
 * yet; the form calls them before a save so that soft checks are confirmed against the server's verdict too.
 */
import * as cs from '../schema';
import { endpoint, int, str } from './endpoint';
import { formProblemsSchema, formValuesSchema } from './data';
import { formKeysSchema } from './visits';

export const editCheck = endpoint({
  name: 'editCheck',
  path: '/edc/editcheck/check.do',
  method: 'POST',
  description:
    "Runs the form's validation and edit checks on values not saved yet (a new record) and answers the problems by variable; writes nothing.",
  params: formKeysSchema.shape({
    version: int().min(1).required(),
    values: formValuesSchema.required(),
  }),
  data: cs.object({ problems: formProblemsSchema.required() }),
});

export const editCheckUpdate = endpoint({
  name: 'editCheckUpdate',
  path: '/edc/editcheck/checkupdate.do',
  method: 'POST',
  description:
    'Runs validation and edit checks on changed values of a saved record; answers the problems and the variables that differ from the saved values (each needs a reason for change). Writes nothing.',
  params: cs.object({
    recordid: str().required().max(100),
    version: int().min(1).required(),
    values: formValuesSchema.required(),
  }),
  data: cs.object({
    problems: formProblemsSchema.required(),
    changed: cs.array(str().required()).required(),
  }),
});

/** The edit-check endpoints, by name. */
export const editCheckEndpoints = { editCheck, editCheckUpdate } as const;
