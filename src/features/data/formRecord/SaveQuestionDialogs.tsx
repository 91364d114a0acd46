/**
 * The questions a save asks (useSaveFlow): confirm the warnings, or give a reason for each changed value — the
 * study's reasons dictionary asked for once, when first needed (free text still works without it). The dialogs are
 * their own chunks (renderers/ecrf/saveDialogs.ts).
 */
import { useState } from 'react';
import { editReasons, type EditReason } from '../../../../engine/api/data';
import type { CompiledForm } from '../../../../engine/form/types';
import { useEndpoint } from '../../../../renderers/async/useEndpoint';
import { LazyChangeReasonDialog, LazyConfirmWarningsDialog } from '../../../../renderers/ecrf/saveDialogs';
import type { SaveQuestion } from './useSaveFlow';

const NO_REASONS: readonly EditReason[] = [];

export function SaveQuestionDialogs({
  form,
  question,
}: {
  form: CompiledForm;
  question: SaveQuestion | null;
}) {
  const [reasonsNeeded, setReasonsNeeded] = useState(false);
  if (question?.kind === 'reasons' && !reasonsNeeded) setReasonsNeeded(true);
  const dictionary = useEndpoint(editReasons, reasonsNeeded ? {} : null);
  const reasons = dictionary.status === 'ready' ? (dictionary.data as readonly EditReason[]) : NO_REASONS;

  if (question?.kind === 'confirm') {
    return (
      <LazyConfirmWarningsDialog
        open
        form={form}
        problems={question.problems}
        onConfirm={() => question.answer(true)}
        onCancel={() => question.answer(false)}
        onClose={() => question.answer(false)}
      />
    );
  }
  if (question?.kind === 'reasons') {
    return (
      <LazyChangeReasonDialog
        open
        form={form}
        variables={question.variables}
        reasons={reasons}
        onConfirm={(given) => question.answer(given)}
        onCancel={() => question.answer(null)}
        onClose={() => question.answer(null)}
      />
    );
  }
  return null;
}
