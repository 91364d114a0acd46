/**
 * The form-schema playground: the form workbench (renderers/builder) with every form schema of fixtures/forms in its
 * picker — the demo study's CDASH forms, the field-types form and generated large forms — the study's code lists for
 * completion, and the stories' fixed today.
 */
import { useMemo } from 'react';
import type { CodeOptionWire } from '../../../engine/api/lists';
import type { CodeListCatalog, RawFormSchema } from '../../../engine/form/types';
import { codeOptionsFromWire } from '../../../engine/metadata/codeOptions';
import { listDefinitions } from '../../../fixtures';
import { cdashSchemas, generateBigForm } from '../../../fixtures/forms';
import { FormWorkbench, type FormWorkbenchSample } from '../../../renderers/builder/FormWorkbench';
import type { ImporterLookup } from '../../../renderers/builder/openImport';
import { STORY_FORM_CTX } from './EcrfStory';
import { fieldTypesSchema } from './fieldTypesSchema';

export interface FormSchemaPlaygroundProps {
  /** The schema the editor starts from (wire format). */
  schema: unknown;
  /** Where edits are kept across language switches and reloads (none: not kept). */
  draftKey?: string;
  /** Which importer reads a study file (default: the interchange registry). */
  importers?: ImporterLookup;
}

const bigForms = new Map<number, RawFormSchema>();
/** A generated form of `items` items (made once). */
export function bigForm(items: number): RawFormSchema {
  let form = bigForms.get(items);
  if (!form) {
    form = generateBigForm(items);
    bigForms.set(items, form);
  }
  return form;
}

/** Every schema of fixtures/forms, in schedule order, then the field-types form and generated forms. */
export function formSamples(): FormWorkbenchSample[] {
  return [
    ...cdashSchemas.map((schema) => ({
      id: schema.tid,
      label:
        typeof schema.name === 'string'
          ? schema.name
          : { zh_CN: `${schema.name.zh_CN} (${schema.tid})`, en: `${schema.name.en} (${schema.tid})` },
      schema,
    })),
    { id: fieldTypesSchema.tid, label: fieldTypesSchema.name, schema: fieldTypesSchema },
    ...[300, 1000].map((items) => ({ id: `BIG${items}`, label: `BIG${items}`, schema: bigForm(items) })),
  ];
}

/** The demo study's code lists (fixtures/lists/codeLists.def.json), as the compiler checks against them. */
export const STUDY_CODE_LISTS: CodeListCatalog = Object.fromEntries(
  Object.entries(listDefinitions.codeLists).map(([name, list]) => [
    name,
    codeOptionsFromWire(list as readonly CodeOptionWire[]),
  ]),
);

export function FormSchemaPlayground({ schema, draftKey, importers }: FormSchemaPlaygroundProps) {
  const samples = useMemo(formSamples, []);
  return (
    <FormWorkbench
      example={schema}
      samples={samples}
      ctx={STORY_FORM_CTX}
      codeLists={STUDY_CODE_LISTS}
      draftKey={draftKey ?? null}
      {...(importers ? { importers } : {})}
    />
  );
}
