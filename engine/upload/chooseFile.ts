/**
 * The one rule every upload shares (spec §9: one file at a time, at most a size the endpoint names): what the user
 * picked becomes the file to send, nothing, or a refusal to show — decided before any byte leaves the browser. The
 * server checks again by content; this only spares a round trip.
 */

/** What a file picker hands over (a `FileList` or an array of `File`s; only the size is read here). */
export interface PickedFiles<F extends { readonly size: number }> {
  readonly length: number;
  readonly [index: number]: F;
}

export type FileChoice<F> =
  | { readonly kind: 'none' }
  | { readonly kind: 'file'; readonly file: F }
  | {
      readonly kind: 'refused';
      readonly messageId: 'casebook.batch.oneFile' | 'casebook.batch.tooLarge';
      readonly values: Readonly<Record<string, string>>;
    };

/** A byte limit as the spec writes it: "30M", "5M", "512K". */
export function sizeLimitLabel(maxBytes: number): string {
  const mib = maxBytes / (1024 * 1024);
  if (Number.isInteger(mib)) return `${mib}M`;
  return `${Math.floor(maxBytes / 1024)}K`;
}

/** One file no larger than `maxBytes`, nothing when nothing was picked, else the refusal with its message. */
export function chooseFile<F extends { readonly size: number }>(
  picked: PickedFiles<F> | null | undefined,
  maxBytes: number,
): FileChoice<F> {
  if (!picked || picked.length === 0) return { kind: 'none' };
  if (picked.length > 1) return { kind: 'refused', messageId: 'casebook.batch.oneFile', values: {} };
  const file = picked[0]!;
  if (file.size > maxBytes)
    return {
      kind: 'refused',
      messageId: 'casebook.batch.tooLarge',
      values: { max: sizeLimitLabel(maxBytes) },
    };
  return { kind: 'file', file };
}
