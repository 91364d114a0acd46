import { describe, expect, it } from 'vitest';
import { subjectBatchAssess } from '../api/subjectManagement';
import { saveSubject } from '../api/subjects';
import { uploadBody } from './uploadBody';

describe('uploadBody', () => {
  it('puts the params as text parts and the file under the contract field', async () => {
    const file = new File(['xlsx bytes'], 'subjects.xlsx');
    const form = uploadBody(subjectBatchAssess, { note: 'x', skip: null } as never, file);
    expect(form.get('note')).toBe('x');
    expect(form.has('skip')).toBe(false);
    const sent = form.get('file') as File;
    expect(sent.name).toBe('subjects.xlsx');
    expect(await sent.text()).toBe('xlsx bytes');
  });

  it('refuses an endpoint that takes no file', () => {
    expect(() => uploadBody(saveSubject as never, {}, new Blob(['x']))).toThrow(/not an upload endpoint/);
  });
});
