import { useCallback, useState } from 'react';
import type { FieldValue, FieldValues } from './dialogFields';

/** A dialog's values, starting from `initial`, and the setter of one of them. */
export function useFieldValues(
  initial: FieldValues | (() => FieldValues),
): [FieldValues, (name: string, value: FieldValue) => void] {
  const [values, setValues] = useState<FieldValues>(initial);
  const set = useCallback((name: string, value: FieldValue) => {
    setValues((prev) => (prev[name] === value ? prev : { ...prev, [name]: value }));
  }, []);
  return [values, set];
}
