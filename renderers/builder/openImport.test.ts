import { describe, expect, it, vi } from 'vitest';
import type { ImportResult, StudyImporter } from '../../engine/interchange/types';
import { codeListCatalogOf, looksLikeJson, openFileText } from './openImport';

const result: ImportResult = { definition: null, issues: [], counts: {} };
const importer: StudyImporter = { format: 'redcap', detect: () => true, read: vi.fn(() => result) };

describe('opening a file in the workbench', () => {
  it('sends JSON to the editor without asking an importer, whatever the name', () => {
    const lookup = vi.fn(() => importer);
    expect(openFileText('\uFEFF  {"tid": "VS"}', lookup)).toEqual({ kind: 'json' });
    expect(openFileText('[1]', lookup)).toEqual({ kind: 'json' });
    expect(lookup).not.toHaveBeenCalled();
  });

  it('reads a study file through the importer its content picks', () => {
    const csv = 'Variable / Field Name,Form Name\nage,demo\n';
    expect(looksLikeJson(csv)).toBe(false);
    expect(openFileText(csv, () => importer)).toEqual({ kind: 'study', format: 'redcap', result });
    expect(importer.read).toHaveBeenCalledWith(csv);
  });

  it('refuses a text no importer knows', () => {
    expect(openFileText('just notes', () => null)).toEqual({ kind: 'unknown' });
  });

  it('turns a study’s code lists into the catalogue the compiler checks against', () => {
    expect(
      codeListCatalogOf([
        { name: 'ARM', dataType: 'text', items: [{ codevalue: 'A', codedesp: { zh_CN: '甲', en: 'A' } }] },
      ]),
    ).toEqual({ ARM: [{ value: 'A', label: { zh_CN: '甲', en: 'A' } }] });
  });
});
