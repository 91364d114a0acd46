/** Medical coding as registrations (issue 14): the coding icon of codable items, with its dialog. */
import type { RecordRegistries } from '../../../renderers/actions/recordRegistries';
import { codingAdornment } from './codingAdornment';

export function registerMedCoding(registries: RecordRegistries): void {
  registries.adornments.register(codingAdornment);
}
